// Input schemas for inventory, shared by the product form and the `api` function (spec section 5).
import { z } from 'zod';

const money = (required: string) =>
  z.coerce
    .number({ message: required })
    .min(0, 'Must be zero or more')
    .max(999_999_999_999.99)
    .multipleOf(0.01);

export const ProductInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, 'Required').max(255),
  sku: z.string().trim().min(1, 'Required').max(100),
  barcode: z.string().trim().max(100).optional().nullable(),
  unit: z.string().trim().max(50).default('pcs'),
  cost: money('Cost is required'),
  price: money('Price is required'),
  taxCode: z.string().trim().max(50).optional().nullable(),
  lowStockThreshold: z.coerce.number({ message: 'Low stock threshold is required' }).int().min(0).default(5),
  openingStock: z.coerce.number().min(0).max(999_999_999).default(0),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;
