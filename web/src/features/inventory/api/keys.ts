// Inventory's query keys (the product list's are in lib/api/products.ts) and the shapes the server answers
// for stock moves, suppliers and purchase orders.
import type { Database } from '@shared/database.types.ts';

/** The inventory queries' keys (the product list's are in lib/api/products.ts): path first, then the organization. */
export const inventoryKeys = {
  product: (orgId: string, productId: string) => ['/api/products', orgId, productId],
  moves: (orgId: string, productId: string) => ['/api/products', orgId, productId, 'moves'],
  suppliers: (orgId: string) => ['/api/suppliers', orgId],
  purchaseOrders: (orgId: string, offset: number) => ['/api/purchase-orders', orgId, offset],
  purchaseOrder: (orgId: string, id: string) => ['/api/purchase-orders', orgId, 'one', id],
};

export interface StockMove {
  id: string;
  delta: number;
  reason: Database['public']['Enums']['stock_move_reason'];
  note: string | null;
  createdAt: string;
  author: { firstName: string; lastName: string } | null;
}

export interface Supplier {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface PurchaseOrder {
  id: string;
  status: 'DRAFT' | 'APPROVED' | 'RECEIVED';
  currency: string;
  total: number;
  expectedAt: string | null;
  receivedAt: string | null;
  createdAt: string;
  supplier: { id: string; name: string } | null;
  lines?: {
    id: string;
    quantity: number;
    unitCost: number;
    product: { id: string; name: string; sku: string | null; unit: string };
  }[];
}
