// Input schemas for accounts, shared by the forms (react-hook-form + zodResolver) and the `api` function.
// Messages are reason codes (./reasons.ts); the app shows them through its translations (`errors.*`).
import { z } from './zod.ts';
import { passwordProblem } from '../passwords.ts';
import { R, reasonText } from './reasons.ts';
import { MOBILE_MONEY_PROVIDERS, ORGANIZATION_CURRENCIES } from './values.ts';
import {
  REGISTRATION_COUNTRIES,
  REGISTRATION_CURRENCIES,
  SETTINGS_COUNTRIES,
  TIME_ZONES,
} from '../countries.ts';

const email = z.string().trim().email(R.ENTER_VALID_EMAIL);
const codes = (list: readonly { code: string }[]) => list.map((c) => c.code) as [string, ...string[]];

export const LoginInputSchema = z.object({
  email,
  password: z.string().min(1, R.PASSWORD_REQUIRED),
  /** The captcha widget's answer (POST /api/auth/login passes it on to Auth, as registration does). */
  captchaToken: z.string().max(4096).optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterPersonalSchema = z.object({
  firstName: z.string().trim().min(1, R.FIRST_NAME_REQUIRED).max(100),
  lastName: z.string().trim().min(1, R.LAST_NAME_REQUIRED).max(100),
  email,
  // The rules Auth enforces too (packages/shared/passwords.ts): refused here first, under the field.
  password: z.string().superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: R[problem] });
  }),
});

export const RegisterOrganizationSchema = z.object({
  organizationName: z.string().trim().min(1, R.ORGANIZATION_NAME_REQUIRED).max(255),
  country: z.enum(codes(REGISTRATION_COUNTRIES), { message: R.COUNTRY_REQUIRED }),
  currency: z.enum(REGISTRATION_CURRENCIES, { message: R.CURRENCY_REQUIRED }),
});

export const RegisterInputSchema = RegisterPersonalSchema.extend(RegisterOrganizationSchema.shape).extend({
  /** The language the visitor was using; the profile keeps it. */
  locale: z.enum(['en', 'fr']).optional(),
  /** The captcha widget's answer, passed on to Auth when the project asks for one ([auth.captcha]). */
  captchaToken: z.string().max(4096).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/**
 * Sign-up through an invite link (POST /api/auth/register with the link's token): only the person; they
 * join the inviting organization with the invited role and get no organization of their own.
 */
export const RegisterInviteeInputSchema = RegisterPersonalSchema.extend({
  invitationToken: z.string().min(1).max(200),
  locale: z.enum(['en', 'fr']).optional(),
  /** The captcha widget's answer, passed on to Auth when the project asks for one ([auth.captcha]). */
  captchaToken: z.string().max(4096).optional(),
});
export type RegisterInviteeInput = z.infer<typeof RegisterInviteeInputSchema>;

export const OrganizationInputSchema = z.object({
  name: z.string().trim().min(1, R.ORGANIZATION_NAME_REQUIRED).max(255),
  country: z.enum(codes(SETTINGS_COUNTRIES), { message: R.COUNTRY_REQUIRED }),
  currency: z.enum(ORGANIZATION_CURRENCIES, { message: R.CURRENCY_REQUIRED }),
  timezone: z.enum(TIME_ZONES, { message: R.TIMEZONE_REQUIRED }).optional(),
  defaultTaxRate: z.coerce
    .number({ message: R.TAX_RATE_RANGE })
    .min(0, R.TAX_RATE_RANGE)
    .max(100, R.TAX_RATE_RANGE)
    .optional(),
});
export type OrganizationInput = z.infer<typeof OrganizationInputSchema>;

export const ProfileInputSchema = z.object({
  firstName: z.string().trim().min(1, R.FIRST_NAME_REQUIRED).max(100),
  lastName: z.string().trim().min(1, R.LAST_NAME_REQUIRED).max(100),
  email: z.string().trim().email(R.INVALID_EMAIL).optional(),
  locale: z.enum(['en', 'fr']),
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

// The business profile printed on every document (Settings > Organization > Business profile). Blank text is
// no text; the database keeps the same rules (business_profiles and private.check_business_profile).
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => s || null)
    .nullable()
    .optional();
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{3,28}[0-9]$/, R.PHONE_INVALID);

export const MobileMoneyEntrySchema = z.object({
  provider: z.enum(MOBILE_MONEY_PROVIDERS, { message: R.MOBILE_MONEY_INVALID }),
  number: phone,
  name: optionalText(100),
});

export const BusinessProfileInputSchema = z.object({
  legalName: optionalText(255),
  address: optionalText(500),
  phone: optionalText(50),
  email: z
    .union([z.literal(''), z.string().trim().email(R.INVALID_EMAIL).max(320)])
    .transform((s) => s || null)
    .nullable()
    .optional(),
  taxIdLabel: optionalText(30),
  taxId: optionalText(50),
  /** A PNG or JPEG data URL (the app shrinks the image first). */
  logo: z
    .string()
    .max(96000, reasonText(R.LOGO_INVALID, { maxKb: 70 }))
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, reasonText(R.LOGO_INVALID, { maxKb: 70 }))
    .nullable()
    .optional(),
  bankName: optionalText(120),
  bankAccountName: optionalText(255),
  bankAccountNumber: optionalText(50),
  mobileMoney: z.array(MobileMoneyEntrySchema).max(6, R.MOBILE_MONEY_INVALID).default([]),
  paymentTermsDays: z.coerce
    .number()
    .int(R.WHOLE_NUMBER)
    .min(0, R.ZERO_OR_MORE)
    .max(365)
    .nullable()
    .optional(),
  footer: optionalText(1000),
});
export type BusinessProfileInput = z.input<typeof BusinessProfileInputSchema>;
export type BusinessProfile = z.output<typeof BusinessProfileInputSchema>;
