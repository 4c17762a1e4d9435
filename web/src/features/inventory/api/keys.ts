// Inventory's query keys (the product list's are in lib/api/products.ts) and the shapes the server answers
// for suppliers and purchase orders (a product and its stock moves: @shared/api/products.ts).
import type { PurchaseOrderStatus } from '@shared/schemas/values.ts';

/** The inventory queries' keys (the product list's are in lib/api/products.ts): path first, then the organization. */
export const inventoryKeys = {
  product: (orgId: string, productId: string) => ['/api/products', orgId, productId],
  moves: (orgId: string, productId: string) => ['/api/products', orgId, productId, 'moves'],
  suppliers: (orgId: string) => ['/api/suppliers', orgId],
  purchaseOrders: (orgId: string, offset: number) => ['/api/purchase-orders', orgId, offset],
  purchaseOrder: (orgId: string, id: string) => ['/api/purchase-orders', orgId, 'one', id],
};

export interface Supplier {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface PurchaseOrder {
  id: string;
  status: PurchaseOrderStatus;
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
