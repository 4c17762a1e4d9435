import { FormattedMessage } from 'react-intl';

const STYLE: Record<string, string> = {
  QUOTE: 'badge-ghost',
  ISSUED: 'badge-info',
  PAID: 'badge-success',
  VOID: 'badge-error',
};

/** Quote, Issued, Paid, Void; any other value is shown as it is (spec section 4). */
export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${STYLE[status] ?? 'badge-ghost'}`}>
      {STYLE[status] ? <FormattedMessage id={`invoices.status.${status}`} /> : status}
    </span>
  );
}
