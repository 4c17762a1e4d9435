// Inventory alerts on the dashboard: the products at or under their low-stock threshold, with what is left.
import { FormattedMessage, useIntl } from 'react-intl';
import type { Dashboard } from '@shared/schemas/crm.ts';
import { Card } from './dashboard-card.tsx';

export function InventoryAlerts({ alerts }: { alerts: Dashboard['inventoryAlerts']['items'] }) {
  const intl = useIntl();
  const qty = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 3 });
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.inventoryAlerts' })} testId="inventory-alerts">
      {alerts.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {alerts.map((p) => (
            <li key={p.id} className="flex justify-between gap-2">
              <span className="truncate">{p.name}</span>
              <span className={p.stockOnHand <= 0 ? 'text-error' : 'text-warning'}>
                <FormattedMessage
                  id="dashboard.inStock"
                  values={{ stock: qty.format(p.stockOnHand), threshold: p.lowStockThreshold }}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm opacity-70">
          <FormattedMessage id="dashboard.noAlerts" />
        </p>
      )}
    </Card>
  );
}
