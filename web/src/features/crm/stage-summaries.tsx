// The five stage cards above the board: how many leads each stage holds and what they are worth, a total per
// currency.
import { useIntl } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';
import type { LeadSummary } from '@shared/api/leads.ts';
import { LEAD_STAGES } from '@shared/schemas/values.ts';

export function StageSummaries({ summaries }: { summaries: Readonly<LeadSummary> | undefined }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const stageTotal = (summary?: LeadSummary[number]) =>
    (summary?.totals.length ? summary.totals : [{ currency: org.currency, amount: 0 }])
      .map((x) => formatMoney(x.amount, x.currency, intl.locale))
      .join(' + ');
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {LEAD_STAGES.map((s) => {
        const summary = summaries?.find((x) => x.stage === s);
        return (
          <div key={s} className="rounded-box border border-base-300 p-3" data-testid={`summary-${s}`}>
            <p className="text-sm opacity-70">{t(`crm.stage.${s}`)}</p>
            <p className="text-lg font-bold">{summary?.count ?? 0}</p>
            <p className="text-xs">{stageTotal(summary)}</p>
          </div>
        );
      })}
    </div>
  );
}
