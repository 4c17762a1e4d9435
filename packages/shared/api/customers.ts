// What /api/customers answers: a customer as lists, forms and documents show it, a deletion, a merge.
import { z } from '../schemas/zod.ts';

export const CustomerSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** A business customer's, printed under its name on its documents. */
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** DELETE /api/customers/:id */
export const CustomerDeletedSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });
export type CustomerDeleted = z.infer<typeof CustomerDeletedSchema>;

/** POST /api/customers/:id/merge: the customer kept, the one merged into it, and how much moved. */
export const CustomerMergedSchema = z.strictObject({
  customer: CustomerSchema,
  mergedId: z.string(),
  moved: z.strictObject({
    invoices: z.number(),
    subscriptions: z.number(),
    shareLinks: z.number(),
    documents: z.number(),
  }),
});
export type CustomerMerged = z.infer<typeof CustomerMergedSchema>;
