import { FormattedMessage } from 'react-intl';
import type { StockStatus } from './api.ts';

const STYLE: Record<StockStatus, string> = {
  OUT_OF_STOCK: 'badge-error',
  LOW_STOCK: 'badge-warning',
  IN_STOCK: 'badge-success',
};

/** Out of Stock (0 or below), Low Stock (at or below the threshold), In Stock. */
export function StockBadge({ status }: { status: StockStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${STYLE[status]}`}>
      <FormattedMessage id={`inventory.status.${status}`} />
    </span>
  );
}
