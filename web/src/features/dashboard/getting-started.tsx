// Getting Started on the dashboard: the first five steps of a new business (a product, a customer, an invoice,
// a payment, a team member), each ticked once done or a link to where it is done.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Dashboard } from '@shared/schemas/crm.ts';
import { Card } from './dashboard-card.tsx';

export function GettingStarted({ g }: { g: Dashboard['gettingStarted'] }) {
  const intl = useIntl();
  const steps = [
    { id: 'product', done: g.hasProduct, to: '/inventory' },
    { id: 'customer', done: g.hasCustomer, to: '/sales?tab=customers' },
    { id: 'invoice', done: g.hasInvoice, to: '/sales' },
    { id: 'payment', done: g.hasPayment, to: '/accounting' },
    { id: 'team', done: g.hasTeamMember, to: '/team' },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.gettingStarted' })} testId="getting-started">
      <p className="text-xs opacity-70">
        <FormattedMessage id="dashboard.stepsDone" values={{ done, total: steps.length }} />
      </p>
      <ul className="flex flex-col gap-1">
        {steps.map((s) => (
          <li key={s.id} className="text-sm">
            {s.done ? (
              <span className="flex min-h-11 items-center gap-2">
                <StepMark done />
                <span className="line-through opacity-75">
                  <FormattedMessage id={`dashboard.step.${s.id}`} />
                </span>
              </span>
            ) : (
              <Link to={s.to} className="link flex min-h-11 items-center gap-2">
                <StepMark done={false} />
                <FormattedMessage id={`dashboard.step.${s.id}`} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A step's box, ticked once it is done; read out as "Done" or "To do" before the step's name. */
function StepMark({ done }: { done: boolean }) {
  const intl = useIntl();
  return (
    <>
      <span
        aria-hidden
        className={`flex size-5 shrink-0 items-center justify-center rounded-sm border-2 text-xs font-bold ${
          done ? 'border-success bg-success text-success-content' : 'border-base-content/40'
        }`}
      >
        {done ? '✓' : ''}
      </span>
      <span className="sr-only">
        {intl.formatMessage({ id: done ? 'dashboard.stepDone' : 'dashboard.stepToDo' })}
      </span>{' '}
    </>
  );
}
