import { useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ANNUAL_DISCOUNT, FAQ, TRIAL_DAYS, PLANS, PROFESSIONAL_LOCAL_PRICES } from './plans.ts';

export function PricingPage() {
  const intl = useIntl();
  const [annual, setAnnual] = useState(false);
  const price = (usd: number) => (annual ? Math.round(usd * 12 * (1 - ANNUAL_DISCOUNT)) : usd);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-center text-3xl font-bold">
        <FormattedMessage id="pricing.title" />
      </h1>
      <p className="mt-2 text-center opacity-80">
        <FormattedMessage id="pricing.trial" values={{ days: TRIAL_DAYS }} />
      </p>
      <div className="mt-6 flex justify-center">
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <FormattedMessage id="pricing.monthly" />
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={annual}
            onChange={(e) => setAnnual(e.target.checked)}
            aria-label={intl.formatMessage({ id: 'pricing.annualToggle' })}
          />
          <FormattedMessage id="pricing.annual" values={{ percent: ANNUAL_DISCOUNT * 100 }} />
        </label>
      </div>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => (
          <article
            key={plan.id}
            className={`card border bg-base-100 ${plan.id === 'professional' ? 'border-primary shadow-lg' : 'border-base-300'}`}
          >
            <div className="card-body">
              <h2 className="card-title">
                <FormattedMessage id={`pricing.plan.${plan.id}`} />
              </h2>
              <p className="text-3xl font-extrabold">
                {plan.monthlyUsd === 0 ? (
                  <FormattedMessage id="pricing.free" />
                ) : (
                  <>
                    <FormattedNumber
                      value={price(plan.monthlyUsd)}
                      style="currency"
                      currency="USD"
                      maximumFractionDigits={0}
                    />
                    <span className="text-base font-normal opacity-70">
                      {' '}
                      <FormattedMessage id={annual ? 'pricing.perYear' : 'pricing.perMonth'} />
                    </span>
                  </>
                )}
              </p>
              <ul className="flex flex-col gap-1">
                {plan.limits.map((l) => (
                  <li key={l}>
                    ✓ <FormattedMessage id={`pricing.limit.${l}`} />
                  </li>
                ))}
              </ul>
              <Link to="/register" className="btn btn-primary mt-4 min-h-11">
                <FormattedMessage id="nav.getStarted" />
              </Link>
            </div>
          </article>
        ))}
      </div>
      <section className="mt-12">
        <h2 className="text-2xl font-bold">
          <FormattedMessage id="pricing.localTitle" />
        </h2>
        <table className="table mt-4 max-w-md" data-testid="local-prices">
          <tbody>
            {PROFESSIONAL_LOCAL_PRICES.map((p) => (
              <tr key={p.currency}>
                <th>{p.currency}</th>
                <td>
                  <FormattedNumber value={p.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="mt-12">
        <h2 className="text-2xl font-bold">
          <FormattedMessage id="pricing.faqTitle" />
        </h2>
        <div className="mt-4 flex flex-col gap-2">
          {FAQ.map((q) => (
            <details key={q} className="collapse collapse-arrow border border-base-300">
              <summary className="collapse-title min-h-11 font-semibold">
                <FormattedMessage id={`pricing.faq.${q}.q`} />
              </summary>
              <p className="collapse-content">
                <FormattedMessage id={`pricing.faq.${q}.a`} values={{ days: TRIAL_DAYS }} />
              </p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
