// The low-stock alert above the product list: how many products are at or under their threshold, and the
// button that shows only them (or all again).
import { FormattedMessage } from 'react-intl';

export function LowStockCard({
  count,
  attention,
  onToggle,
}: {
  count: number;
  attention: boolean;
  onToggle: () => void;
}) {
  if (!count && !attention) return null;
  return (
    <div
      role="alert"
      className="alert alert-warning flex flex-wrap justify-between"
      data-testid="low-stock-alert"
    >
      <div>
        <p className="font-semibold">
          <FormattedMessage id="inventory.lowStock.title" />
        </p>
        <p className="text-sm">
          <FormattedMessage id="inventory.lowStock.text" values={{ count }} />
        </p>
      </div>
      <button type="button" className="btn btn-sm min-h-11" onClick={onToggle}>
        <FormattedMessage id={attention ? 'inventory.lowStock.showAll' : 'inventory.lowStock.show'} />
      </button>
    </div>
  );
}
