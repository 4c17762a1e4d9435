// Input schemas for inventory, shared by the product form and the `api` function.
import { z } from './zod.ts';
import { optionalIsoDate } from './dates.ts';
import { R, reasonText, type SchemaReason } from './reasons.ts';

/** A number typed in a form: an empty field is missing (not 0), so it gets its "required" code. */
const typedNumber = (required: SchemaReason) =>
  z.preprocess((v) => (v === '' || v === null ? Number.NaN : v), z.coerce.number({ message: required }));

const money = (required: SchemaReason) =>
  typedNumber(required).pipe(
    z.number().min(0, R.ZERO_OR_MORE).max(999_999_999_999.99).multipleOf(0.01, R.MONEY_DECIMALS),
  );

export const ProductInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, R.REQUIRED).max(255),
  // Optional: an empty SKU is none (null), which the database keeps apart from every other product's.
  sku: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(100).nullable().optional(),
  ),
  barcode: z.string().trim().max(100).optional().nullable(),
  unit: z.string().trim().max(50).default('pcs'),
  cost: money(R.COST_REQUIRED),
  price: money(R.PRICE_REQUIRED),
  taxCode: z.string().trim().max(50).optional().nullable(),
  lowStockThreshold: typedNumber(R.LOW_STOCK_THRESHOLD_REQUIRED)
    .pipe(z.number().int(R.WHOLE_NUMBER).min(0, R.ZERO_OR_MORE))
    .default(5),
  openingStock: z.coerce.number().min(0, R.ZERO_OR_MORE).max(999_999_999).default(0),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** A manual stock change: a quantity added (positive) or taken out (negative), and why. */
export const StockAdjustmentSchema = z.object({
  delta: typedNumber(R.QUANTITY_REQUIRED)
    .pipe(z.number())
    .refine((n) => n !== 0, R.QUANTITY_NOT_ZERO)
    .refine((n) => Math.abs(n) <= 999_999_999, R.QUANTITY_TOO_LARGE),
  note: z.string().trim().min(1, R.ADJUSTMENT_REASON_REQUIRED).max(500),
});
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>;

export const SupplierInputSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, R.NAME_REQUIRED).max(255),
  email: z
    .union([z.literal(''), z.string().trim().email(R.INVALID_EMAIL).max(255)])
    .optional()
    .nullable(),
  phone: z.string().trim().max(50).optional().nullable(),
});
export type SupplierInput = z.infer<typeof SupplierInputSchema>;

export const PurchaseOrderInputSchema = z.object({
  id: z.uuid().optional(),
  supplierId: z.uuid({ message: R.SUPPLIER_REQUIRED }),
  currency: z.string().length(3).optional(),
  expectedAt: optionalIsoDate,
  lines: z
    .array(
      z.object({
        productId: z.uuid({ message: R.PRODUCT_REQUIRED }),
        quantity: typedNumber(R.QUANTITY_REQUIRED).pipe(z.number().positive(R.QUANTITY_POSITIVE)),
        unitCost: money(R.UNIT_COST_REQUIRED),
      }),
    )
    .min(1, R.LINES_REQUIRED),
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
    .min(1, R.IMPORT_EMPTY)
    .max(5000, reasonText(R.IMPORT_TOO_LARGE, { max: 5000 })),
});
