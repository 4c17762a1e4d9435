// Input schema for leads, shared by the lead form and the `api` function (spec section 5): name required; company, value and close date optional; stage PROSPECT
// by default.
import { z } from 'zod';

const optionalText = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().trim().max(255).nullable().optional(),
);

export const LeadFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(255),
  company: optionalText,
  value: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number().min(0, 'Must be zero or more').max(999_999_999_999.99).nullable(),
  ),
  stage: z.enum(['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST']).default('PROSPECT'),
  closeDate: z.preprocess((v) => (v === '' ? null : v), z.iso.date('Invalid date').nullable().optional()),
  ownerId: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().optional()),
});
export type LeadInput = z.infer<typeof LeadFormSchema>;

/** An edit may carry only some fields (the board and Lead Details send only the stage). */
export const LeadUpdateSchema = LeadFormSchema.partial();

export const LeadNoteSchema = z.object({ note: z.string().trim().min(1, 'Required').max(5000) });
