// What a notification says and where it leads, from what the database kept (ids, names, exact numbers): the
// sentence in the member's language, amounts and dates written as the app writes them everywhere.
import type { IntlShape } from 'react-intl';
import { formatMoney } from '@/lib/money.ts';
import type { AppNotification } from './notifications.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
// An invoice number stays on one line (INV-000001 is not cut at its hyphen).
const number = (v: unknown) => text(v).replace(/-/g, '\u2011');
const quantity = (intl: IntlShape, v: unknown) =>
  new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 }).format(Number(v));
const money = (intl: IntlShape, amount: unknown, currency: unknown) =>
  formatMoney(Number(amount), text(currency), intl.locale);

/** The sentence of a notification, from what the database kept (ids, names, exact numbers). */
export function sentence(intl: IntlShape, n: AppNotification): string {
  const d = n.data;
  switch (n.kind) {
    case 'low_stock':
      return intl.formatMessage(
        { id: 'notifications.low_stock' },
        { name: text(d.name), stock: quantity(intl, d.stock), threshold: quantity(intl, d.threshold) },
      );
    case 'payment_received':
      return intl.formatMessage(
        { id: 'notifications.payment_received' },
        {
          customer: text(d.customerName),
          amount: money(intl, d.amount, d.currency),
          number: number(d.invoiceNumber),
        },
      );
    case 'invoice_overdue':
      return intl.formatMessage(
        { id: 'notifications.invoice_overdue' },
        {
          number: number(d.invoiceNumber),
          customer: text(d.customerName),
          amount: money(intl, d.balance, d.currency),
          // A date without a time: the day it names, whatever the device's time zone.
          date: intl.formatDate(`${text(d.dueAt)}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
        },
      );
    case 'lead_assigned':
      return intl.formatMessage(
        { id: 'notifications.lead_assigned' },
        { name: text(d.name), by: text(d.assignedBy), hasBy: d.assignedBy ? 'yes' : 'no' },
      );
    case 'member_joined':
      return intl.formatMessage(
        { id: 'notifications.member_joined' },
        {
          name: text(d.name) || text(d.email),
          role: intl.formatMessage({ id: `app.role.${text(d.role) || 'SALES'}` }),
        },
      );
  }
}

/** Where a notification leads: the product, the invoice, the lead, the team. */
export function target(n: AppNotification): string {
  const id = n.subjectId ?? '';
  switch (n.kind) {
    case 'low_stock':
      // The list searched by the SKU, or by the name of a product without one.
      return `/inventory?${new URLSearchParams({ search: text(n.data.sku ?? n.data.name), product: id })}`;
    case 'payment_received':
    case 'invoice_overdue':
      return `/sales/invoices/${id}`;
    case 'lead_assigned':
      return `/crm?${new URLSearchParams({ lead: id })}`;
    case 'member_joined':
      return '/team';
  }
}
