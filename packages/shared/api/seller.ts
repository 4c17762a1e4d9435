// The seller as a document prints it (private.seller_json): the organization, and what its business
// profile gives (a field left empty is absent).
import { z } from '../schemas/zod.ts';
import { MOBILE_MONEY_PROVIDERS } from '../schemas/values.ts';

const text = z.string().optional();

export const SellerSchema = z.strictObject({
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  legalName: text,
  address: text,
  phone: text,
  email: text,
  taxIdLabel: text,
  taxId: text,
  logo: text,
  bankName: text,
  bankAccountName: text,
  bankAccountNumber: text,
  mobileMoney: z.array(
    z.strictObject({
      provider: z.enum(MOBILE_MONEY_PROVIDERS),
      number: z.string(),
      name: z.string().nullable().optional(),
    }),
  ),
  paymentTermsDays: z.number().optional(),
  footer: text,
});
export type Seller = z.infer<typeof SellerSchema>;
