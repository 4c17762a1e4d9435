// What /api/leads answers: a lead with its owner, a note with its author, and the pipeline per stage.
import { z } from '../schemas/zod.ts';
import { LEAD_STAGES } from '../schemas/values.ts';

/** A member as a lead or a note names them. */
const PersonSchema = z.strictObject({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const LeadSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  value: z.number().nullable(),
  stage: z.enum(LEAD_STAGES),
  closeDate: z.string().nullable(),
  owner: PersonSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** GET and POST /api/leads/:id/notes */
export const LeadNoteEntrySchema = z.strictObject({
  id: z.string(),
  note: z.string(),
  createdAt: z.string(),
  author: PersonSchema.nullable(),
});
export type LeadNoteEntry = z.infer<typeof LeadNoteEntrySchema>;

/** GET /api/leads/summary: per stage, in the board's order, the leads and their value per currency. */
export const LeadSummarySchema = z.array(
  z.strictObject({
    stage: z.enum(LEAD_STAGES),
    count: z.number(),
    totals: z.array(z.strictObject({ currency: z.string(), amount: z.number() })),
  }),
);
export type LeadSummary = z.infer<typeof LeadSummarySchema>;
