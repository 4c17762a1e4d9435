// A statement's rows as every copy prints them (screen, print, PDF): the opening balance, each entry with
// its signed amount (owed +, paid −) and running balance, and what is due at the end.
import type { IntlShape } from 'react-intl';
import { formatMoney } from '../../lib/money.ts';
import type { Statement } from './api/statements.ts';

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
