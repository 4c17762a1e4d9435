// The badges that say where a record stands: an invoice's status and a product's stock.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { StockStatus } from '@shared/schemas/values.ts';

/** A small badge in one of daisyUI's tones (badge-success, badge-warning, badge-ghost…). */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`badge badge-sm whitespace-nowrap ${tone}`}>{children}</span>;
}

const INVOICE_TONE: Record<string, string> = {
  QUOTE: 'badge-ghost',
  ISSUED: 'badge-info',
  PAID: 'badge-success',
  VOID: 'badge-error',
};

/**
 * Quote, Issued, Paid, Void — and Partly paid for an issued invoice that something was paid or credited
 * on; any other value is shown as it is.
 */
export function InvoiceStatusBadge({ status, partlyPaid = false }: { status: string; partlyPaid?: boolean }) {
  if (status === 'ISSUED' && partlyPaid)
    return (
      <Badge tone="badge-warning">
        <FormattedMessage id="invoices.status.PARTLY_PAID" />
      </Badge>
    );
  return (
    <Badge tone={INVOICE_TONE[status] ?? 'badge-ghost'}>
      {INVOICE_TONE[status] ? <FormattedMessage id={`invoices.status.${status}`} /> : status}
    </Badge>
  );
}

const STOCK_TONE: Record<StockStatus, string> = {
  OUT_OF_STOCK: 'badge-error',
  LOW_STOCK: 'badge-warning',
  IN_STOCK: 'badge-success',
};

/** Out of Stock (0 or below), Low Stock (at or below the threshold), In Stock. */
export function StockBadge({ status }: { status: StockStatus }) {
  return (
    <Badge tone={STOCK_TONE[status]}>
      <FormattedMessage id={`inventory.status.${status}`} />
    </Badge>
  );
}
