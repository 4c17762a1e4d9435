import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { TestimonialCard } from './testimonial-card.tsx';
import { CURRENCIES, WEST_AFRICAN_COUNTRIES } from '@shared/countries.ts';

import { TRIAL_DAYS } from './plans.ts';

const FEATURES = ['inventory', 'invoicing', 'crm', 'reporting', 'multitenant', 'team'] as const;
const CLAIMS = ['mobileFirst', 'offline', 'trial', 'noCard', 'cancel', 'roles'] as const;
const LANDING_CURRENCIES = [...new Set(WEST_AFRICAN_COUNTRIES.map((c) => c.currency))];
const STATS = [
  { value: String(WEST_AFRICAN_COUNTRIES.length), id: 'landing.stats.countries' },
  { value: '100%', id: 'landing.stats.mobile' },
  { value: '24/7', id: 'landing.stats.offline' },
  { value: String(LANDING_CURRENCIES.length), id: 'landing.stats.currencies' },
] as const;

export function LandingPage() {
  const intl = useIntl();
  const regionName = new Intl.DisplayNames([intl.locale], { type: 'region' });
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-base-100 px-4 py-14 text-center md:py-24">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-extrabold leading-tight md:text-5xl">
            <FormattedMessage id="landing.headline" />
          </h1>
          <p className="mt-4 text-lg opacity-80">
            <FormattedMessage id="landing.subheadline" />
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className="btn btn-primary btn-lg min-h-11">
              <FormattedMessage id="landing.getStarted" />
            </Link>
            <button
              type="button"
              className="btn btn-outline btn-lg min-h-11"
              onClick={() => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' })}
            >
              <FormattedMessage id="landing.viewFeatures" />
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-2">
            {CLAIMS.map((c) => (
              <li key={c} className="badge badge-lg badge-outline">
                <FormattedMessage id={`landing.claims.${c}`} values={{ days: TRIAL_DAYS }} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="features" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="mb-6 text-center text-2xl font-bold">
          <FormattedMessage id="landing.features.title" />
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <article key={f} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h3 className="card-title">
                  <FormattedMessage id={`landing.features.${f}.title`} />
                </h3>
                <p className="opacity-80">
                  <FormattedMessage id={`landing.features.${f}.text`} />
                </p>
              </div>
            </article>
          ))}
        </div>
      </section>

      <section className="bg-primary px-4 py-10 text-primary-content" aria-label="Statistics">
        <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 text-center md:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.id}>
              <dt className="order-2 text-sm opacity-90">
                <FormattedMessage id={s.id} />
              </dt>
              <dd className="text-3xl font-extrabold">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="mb-6 text-center text-2xl font-bold">
          <FormattedMessage id="landing.testimonials.title" />
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {([1, 2, 3] as const).map((n) => (
            <TestimonialCard key={n} n={n} />
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-12">
        <h2 className="mb-4 text-center text-2xl font-bold">
          <FormattedMessage id="landing.countries.title" />
        </h2>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid="country-grid">
          {WEST_AFRICAN_COUNTRIES.map((c) => (
            <li key={c.code} className="flex justify-between rounded-box border border-base-300 px-3 py-2">
              <span>{regionName.of(c.code) ?? c.name}</span>
              <span className="font-mono text-sm opacity-70">{c.currency}</span>
            </li>
          ))}
        </ul>
        <h3 className="mb-3 mt-8 text-center text-xl font-bold">
          <FormattedMessage id="landing.currencies.title" />
        </h3>
        <ul className="flex flex-wrap justify-center gap-2" data-testid="currency-list">
          {LANDING_CURRENCIES.map((code) => (
            <li key={code} className="badge badge-lg">
              {CURRENCIES[code].symbol} {code}
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-base-200 px-4 py-14 text-center">
        <h2 className="text-2xl font-bold">
          <FormattedMessage id="landing.cta.title" />
        </h2>
        <p className="mx-auto mt-2 max-w-xl opacity-80">
          <FormattedMessage id="landing.cta.text" />
        </p>
        <Link to="/register" className="btn btn-accent btn-lg mt-6 min-h-11">
          <FormattedMessage id="landing.cta.button" />
        </Link>
      </section>
    </>
  );
}
