// A statement's rows as every copy prints them (screen, print, PDF): the opening balance, each entry with
// its signed amount (owed +, paid −) and running balance, and what is due at the end; and its summary,
// one figure per meaning, each the sum of its own lines (the database adds them up).
import type { IntlShape } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import type { Statement } from '@shared/api/statements.ts';

export interface StatementRow {
  date: string;
  label: string;
  amount: string;
  balance: string;
  strong?: boolean;
}

/** A day of the statement (YYYY-MM-DD) or an instant, written the reader's way in the business's zone. */
export function statementDate(intl: IntlShape, value: string, timezone: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Date(day ? `${value}T12:00:00Z` : value).toLocaleDateString(intl.locale, {
    timeZone: day ? 'UTC' : timezone,
  });
}

/** The label of each kind of entry but invoices (a payment, a reversal, a credit note, a refund). */
const STATEMENT_LABEL: Record<string, string> = {
  PAYMENT: 'statements.payment',
  REVERSAL: 'statements.reversal',
  CREDIT_NOTE: 'statements.creditNote',
  REFUND: 'statements.refund',
};

export function statementRows(intl: IntlShape, s: Statement, account: Statement['accounts'][number]) {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const money = (n: number) => formatMoney(n, account.currency, intl.locale);
  const rows: StatementRow[] = [
    {
      date: statementDate(intl, s.from, s.timezone),
      label: t('statements.opening'),
      amount: '',
      balance: money(account.opening),
    },
  ];
  for (const e of account.entries)
    rows.push({
      date: statementDate(intl, e.at, s.timezone),
      label:
        e.kind === 'INVOICE'
          ? t('statements.invoice', { number: e.reference })
          : t(STATEMENT_LABEL[e.kind] ?? 'statements.reversal', {
              number: e.reference,
              invoice: e.invoiceNumber,
            }),
      amount: e.debit ? money(e.debit) : money(-e.credit),
      balance: money(e.balance),
    });
  rows.push({
    date: statementDate(intl, s.to, s.timezone),
    label: t('statements.closing'),
    amount: '',
    balance: money(account.closing),
    strong: true,
  });
  return rows;
}

/**
 * The summary under an account's rows: what was invoiced, credited, paid (net of reversals) and refunded
 * in the period; the opening balance when there is one, credits and refunds when there are any, so that
 * opening + invoiced - credited - paid + refunded is the amount due printed above.
 */
export function statementSummary(intl: IntlShape, account: Statement['accounts'][number]): string[] {
  const money = (n: number) => formatMoney(n, account.currency, intl.locale);
  const item = (id: string, amount: number) => intl.formatMessage({ id }, { amount: money(amount) });
  return [
    account.opening !== 0 && item('statements.summaryOpening', account.opening),
    item('statements.summaryInvoiced', account.invoiced),
    account.credited !== 0 && item('statements.summaryCredited', account.credited),
    item('statements.summaryPaid', account.paid),
    account.refunded !== 0 && item('statements.summaryRefunded', account.refunded),
  ].filter((x): x is string => typeof x === 'string');
}
