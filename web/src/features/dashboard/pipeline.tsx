// The sales pipeline on the dashboard: each open stage and Won with its count, total value and first leads.
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import type { Dashboard } from '@shared/schemas/crm.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { Card } from './dashboard-card.tsx';
import type { LeadStage } from '@shared/schemas/values.ts';

const STAGES = ['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON'] as const satisfies readonly LeadStage[];

export function Pipeline({ pipeline }: { pipeline: Dashboard['pipeline'] }) {
  const intl = useIntl();
  const org = useOrganization();
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.pipeline' })} testId="pipeline">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {STAGES.map((stage) => {
          const column = pipeline.find((x) => x.stage === stage);
          const totals = column?.totals ?? [];
          return (
            <div key={stage} className="min-w-0 rounded-box bg-base-200 p-2" data-testid={`stage-${stage}`}>
              <p className="flex justify-between text-sm font-medium">
                <FormattedMessage id={`dashboard.stage.${stage}`} />
                <span className="badge badge-sm">{column?.count ?? 0}</span>
              </p>
              <p className="text-xs opacity-70">
                {(totals.length ? totals : [{ currency: org.currency, amount: 0 }])
                  .map((x) => formatMoney(x.amount, x.currency, intl.locale))
                  .join(' + ')}
              </p>
              <ul className="mt-1 flex flex-col gap-1 text-sm">
                {column?.leads.map((l) => (
                  <li key={l.id} className="truncate">
                    {l.name}
                    {l.value != null && (
                      <span className="opacity-75"> · {formatMoney(l.value, l.currency, intl.locale)}</span>
                    )}
                  </li>
                ))}
              </ul>
              {column && column.count > column.leads.length && (
                <p className="text-xs opacity-70">
                  <FormattedMessage
                    id="dashboard.more"
                    values={{ count: column.count - column.leads.length }}
                  />
                </p>
              )}
            </div>
          );
        })}
      </div>
      {pipeline.every((p) => p.count === 0) && (
        <p className="text-sm opacity-70">
          <FormattedMessage id="dashboard.noLeads" />
        </p>
      )}
    </Card>
  );
}
