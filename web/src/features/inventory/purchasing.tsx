// Suppliers and purchase orders: DRAFT -> APPROVED -> RECEIVED, receiving adding the lines to stock once.
// The two tabs load together, after the inventory's first paint (inventory-page.tsx).
export { SuppliersTab } from './suppliers-tab.tsx';
export { OrdersTab } from './orders-tab.tsx';
