// What /api/products answers: a product with its stock, and the moves of its stock.
import { z } from '../schemas/zod.ts';
import { STOCK_MOVE_REASONS, STOCK_STATUSES } from '../schemas/values.ts';

export const ProductSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  unit: z.string(),
  cost: z.number(),
  price: z.number(),
  taxCode: z.string().nullable(),
  stockOnHand: z.number(),
  lowStockThreshold: z.number(),
  stockStatus: z.enum(STOCK_STATUSES),
  version: z.number(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** DELETE /api/products/:id: deleted, or archived when invoices, orders or stock moves refer to it. */
export const ProductDeletedSchema = z.strictObject({ id: z.string(), archived: z.boolean() });
export type ProductDeleted = z.infer<typeof ProductDeletedSchema>;

/** GET /api/products/:id/moves */
export const StockMoveSchema = z.strictObject({
  id: z.string(),
  delta: z.number(),
  reason: z.enum(STOCK_MOVE_REASONS),
  refId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  author: z.strictObject({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type StockMove = z.infer<typeof StockMoveSchema>;
