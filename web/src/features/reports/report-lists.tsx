// The list reports (sales, payments, expenses, inventory): a table, cards on a phone, a page at a time, with
// the period's totals; a reversal is its own row with its reason, a reversed payment or expense struck
// through, a reference used twice flagged.
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Money, ReportDays, ReportType } from '@shared/schemas/accounting.ts';
import { type CardSlot, DataList } from '@/components/ui/data-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { MoneyLines } from '@/components/ui/money-lines.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { InvoiceStatusBadge, StockBadge } from '@/components/ui/status-badge.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { type Answers, PAGE_SIZE, useReport } from './api/reports.ts';

function Reversal({ reason }: { reason: string | null }) {
  return (
    <span data-testid="report-reversal">
      <span className="badge badge-warning badge-sm me-1">
        <FormattedMessage id="reports.reversal" />
      </span>
      {reason}
    </span>
  );
}

/** A payment's or expense's row: a reversal, or the movement it reversed. */
type Movement = { kind: string; reversed?: boolean; reason: string | null; amount: number; currency: string };

/** A cell that names the movement, or says it is a reversal and why. */
function orReversal<Row extends Movement>(label: (row: Row) => ReactNode) {
  return (row: Row) => (row.kind === 'reversal' ? <Reversal reason={row.reason} /> : label(row));
}

/** The amount column; struck through on a movement that was reversed (its reversal is a row of its own). */
function amountColumn<Row extends Movement>(
  money: (amount: number, currency: string) => string,
): Column<Row> {
  return [
    'amount',
    (row) => {
      const text = money(row.amount, row.currency);
      return row.kind !== 'reversal' && row.reversed ? <s className="opacity-70">{text}</s> : text;
    },
    'amount',
    'right',
  ];
}

/** A column: its key (header text), its cell, where a phone's card shows it, and whether it sits right. */
type Column<Row> = [key: string, cell: (row: Row) => ReactNode, card: CardSlot, align?: 'right'];

function ReportTable<Row extends { id: string }>({
  rows,
  columns,
  offset,
  total,
  onPage,
  totals,
  testId,
}: {
  rows: Row[];
  columns: Column<Row>[];
  offset: number;
  total: number;
  onPage: (offset: number) => void;
  totals?: Money[];
  testId: string;
}) {
  const intl = useIntl();
  const org = useOrganization();
  if (!rows.length) return <EmptyState title={intl.formatMessage({ id: 'reports.empty' })} />;
  return (
    <div className="flex flex-col gap-3">
      {totals && (
        <div className="flex flex-wrap items-baseline gap-2" data-testid={`${testId}-total`}>
          <span className="opacity-70">
            <FormattedMessage id="reports.total" />
          </span>
          <span className="font-semibold">
            <MoneyLines amounts={totals} fallback={org.currency} />
          </span>
        </div>
      )}
      <DataList
        testId={testId}
        rows={rows}
        columns={columns.map(([key, cell, card, align]) => ({
          key,
          header: <FormattedMessage id={`reports.col.${key}`} />,
          cell,
          card,
          align,
        }))}
      />
      <Pagination offset={offset} limit={PAGE_SIZE} total={total} onChange={onPage} />
    </div>
  );
}

export function ListReport({ type, days }: { type: Exclude<ReportType, 'overview'>; days: ReportDays }) {
  const intl = useIntl();
  const org = useOrganization();
  const [offset, setOffset] = useState(0);
  const [shown, setShown] = useState({ type, days });
  if (shown.type !== type || shown.days !== days) {
    setShown({ type, days });
    setOffset(0);
  }
  const report = useReport(type, days, offset);
  if (!report.data) return <Loading />;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, intl.locale);
  const date = (iso: string | null) =>
    iso && new Date(iso).toLocaleDateString(intl.locale, { timeZone: org.timezone });
  const common = { offset, onPage: setOffset, total: report.data.total, testId: `report-${type}` };
  const data = report.data;
  switch (type) {
    case 'sales': {
      const d = data as Answers['sales'];
      return (
        <ReportTable
          {...common}
          rows={d.rows}
          columns={[
            [
              'number',
              (r) => <span className="font-mono text-sm whitespace-nowrap">{r.number}</span>,
              'title',
            ],
            ['customer', (r) => r.customerName, 'subtitle'],
            [
              'status',
              (r) => (
                <InvoiceStatusBadge
                  status={r.status}
                  partlyPaid={r.amountPaid + (r.amountCredited ?? 0) > 0}
                />
              ),
              'badge',
            ],
            ['total', (r) => money(r.total, r.currency), 'amount', 'right'],
            // What credit notes took off: the invoice's correction, shown beside what it was.
            [
              'credited',
              (r) =>
                r.amountCredited
                  ? intl.formatMessage(
                      { id: 'reports.creditedAmount' },
                      { amount: money(r.amountCredited, r.currency) },
                    )
                  : '',
              'meta',
              'right',
            ],
            ['paid', (r) => money(r.amountPaid, r.currency), 'meta', 'right'],
            ['date', (r) => date(r.issuedAt ?? r.createdAt), 'meta'],
          ]}
        />
      );
    }
    case 'payments': {
      const d = data as Answers['payments'];
      return (
        <ReportTable
          {...common}
          rows={d.rows}
          totals={d.totals}
          columns={[
            ['date', (r) => date(r.receivedAt), 'meta'],
            [
              'invoice',
              (r) => <span className="font-mono text-sm whitespace-nowrap">{r.invoiceNumber}</span>,
              'title',
            ],
            ['customer', (r) => r.customerName, 'subtitle'],
            [
              'method',
              orReversal(
                (r) =>
                  intl.formatMessage({ id: `payments.method.${r.method}` }) +
                  (r.provider ? ` · ${intl.formatMessage({ id: `payments.provider.${r.provider}` })}` : ''),
              ),
              'badge',
            ],
            // The reference, flagged when another payment that counts carries it too.
            [
              'ref',
              (r) =>
                r.ref && (
                  <>
                    {r.ref}
                    {r.refUsedTwice && (
                      <span className="badge badge-warning badge-sm ms-1 whitespace-nowrap">
                        <FormattedMessage id="reports.refUsedTwice" />
                      </span>
                    )}
                  </>
                ),
              'meta',
            ],
            amountColumn(money),
          ]}
        />
      );
    }
    case 'expenses': {
      const d = data as Answers['expenses'];
      return (
        <ReportTable
          {...common}
          rows={d.rows}
          totals={d.totals}
          columns={[
            ['date', (r) => date(r.paidAt), 'meta'],
            ['vendor', (r) => r.vendor, 'title'],
            [
              'category',
              orReversal((r) => intl.formatMessage({ id: `expenses.category.${r.category}` })),
              'badge',
            ],
            amountColumn(money),
          ]}
        />
      );
    }
    case 'inventory': {
      const d = data as Answers['inventory'];
      return (
        <ReportTable
          {...common}
          rows={d.rows}
          columns={[
            ['product', (r) => r.name, 'title'],
            ['sku', (r) => (r.sku ? <span className="font-mono text-sm">{r.sku}</span> : null), 'subtitle'],
            ['stock', (r) => intl.formatNumber(r.stock), 'meta', 'right'],
            ['stockValue', (r) => money(r.stockValue, d.currency), 'amount', 'right'],
            ['status', (r) => <StockBadge status={r.status} />, 'badge'],
          ]}
        />
      );
    }
  }
}
