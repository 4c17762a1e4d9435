// The business profile form's check: the shared schema, with the terms field holding what was typed (blank is
// "no terms", not 0 days). Loaded with the form's first check, not with the settings screen (lib/lazy-schema.ts).
import { z } from '@shared/schemas/zod.ts';
import { BusinessProfileInputSchema } from '@shared/schemas/accounts.ts';

export const BusinessProfileFormSchema = BusinessProfileInputSchema.extend({
  paymentTermsDays: z.union([z.literal(''), BusinessProfileInputSchema.shape.paymentTermsDays]),
});
