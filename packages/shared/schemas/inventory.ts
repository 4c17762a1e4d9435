// Input schemas for inventory, shared by the product form and the `api` function (spec section 5).
import { z } from 'zod';

/** A number typed in a form: an empty field is missing (not 0), so it gets its "required" message. */
const typedNumber = (required: string) =>
  z.preprocess((v) => (v === '' || v === null ? Number.NaN : v), z.coerce.number({ message: required }));

const money = (required: string) =>
  typedNumber(required).pipe(
    z.number().min(0, 'Must be zero or more').max(999_999_999_999.99).multipleOf(0.01, 'At most 2 decimals'),
  );

export const ProductInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, 'Required').max(255),
  sku: z.string().trim().min(1, 'Required').max(100),
  barcode: z.string().trim().max(100).optional().nullable(),
  unit: z.string().trim().max(50).default('pcs'),
  cost: money('Cost is required'),
  price: money('Price is required'),
  taxCode: z.string().trim().max(50).optional().nullable(),
  lowStockThreshold: typedNumber('Low stock threshold is required')
    .pipe(z.number().int('Must be a whole number').min(0, 'Must be zero or more'))
    .default(5),
  openingStock: z.coerce.number().min(0, 'Must be zero or more').max(999_999_999).default(0),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** A manual stock change: a quantity added (positive) or taken out (negative), and why. */
export const StockAdjustmentSchema = z.object({
  delta: typedNumber('Quantity is required')
    .pipe(z.number())
    .refine((n) => n !== 0, 'Quantity cannot be zero')
    .refine((n) => Math.abs(n) <= 999_999_999, 'Quantity is too large'),
  note: z.string().trim().min(1, 'A reason is required').max(500),
});
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>;

export const SupplierInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, 'Name is required').max(255),
  email: z
    .union([z.literal(''), z.string().trim().email('Invalid email address').max(255)])
    .optional()
    .nullable(),
  phone: z.string().trim().max(50).optional().nullable(),
});
export type SupplierInput = z.infer<typeof SupplierInputSchema>;

export const PurchaseOrderInputSchema = z.object({
  id: z.uuid().optional(),
  supplierId: z.uuid({ message: 'Supplier is required' }),
  currency: z.string().length(3).optional(),
  expectedAt: z.preprocess((v) => (v === '' ? null : v), z.iso.date('Invalid date').nullable().optional()),
  lines: z
    .array(
      z.object({
        productId: z.uuid({ message: 'Product is required' }),
        quantity: typedNumber('Quantity is required').pipe(
          z.number().positive('Quantity must be more than 0'),
        ),
        unitCost: money('Unit cost is required'),
      }),
    )
    .min(1, 'Add at least one line'),
});
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderInputSchema>;

/** The CSV import's columns, in the template's order. */
export const PRODUCT_CSV_COLUMNS = [
  'name',
  'sku',
  'barcode',
  'unit',
  'cost',
  'price',
  'taxCode',
  'lowStockThreshold',
  'openingStock',
] as const;

export const ProductImportSchema = z.object({
  rows: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))
    .min(1, 'The file has no products')
    .max(5000, 'A file can hold at most 5,000 products'),
});
