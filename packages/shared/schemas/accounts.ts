// Input schemas for accounts, shared by the forms (react-hook-form + zodResolver) and the `api` function.
// Messages are the spec's English strings; the app shows them through its translations (`errors.*`).
import { z } from 'zod';
import {
  REGISTRATION_COUNTRIES,
  REGISTRATION_CURRENCIES,
  SETTINGS_COUNTRIES,
  TIME_ZONES,
} from '../countries.ts';

const email = z.string().trim().email('Please enter a valid email address.');
const codes = (list: readonly { code: string }[]) => list.map((c) => c.code) as [string, ...string[]];

export const LoginInputSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required.'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterPersonalSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required.').max(100),
  lastName: z.string().trim().min(1, 'Last name is required.').max(100),
  email,
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters.')
    .max(100, 'Password must be at most 100 characters.'),
});

export const RegisterOrganizationSchema = z.object({
  organizationName: z.string().trim().min(1, 'Organization name is required.').max(255),
  country: z.enum(codes(REGISTRATION_COUNTRIES), { message: 'Please select a country.' }),
  currency: z.enum(REGISTRATION_CURRENCIES, { message: 'Please select a currency.' }),
});

export const RegisterInputSchema = RegisterPersonalSchema.extend(RegisterOrganizationSchema.shape).extend({
  /** The language the visitor was using; the profile keeps it. */
  locale: z.enum(['en', 'fr']).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const OrganizationInputSchema = z.object({
  name: z.string().trim().min(1, 'Organization name is required').max(255),
  country: z.enum(codes(SETTINGS_COUNTRIES), { message: 'Please select a country.' }),
  currency: z.enum(['NGN', 'GHS', 'XOF', 'CVE', 'GMD', 'GNF', 'LRD', 'MRU', 'SLL', 'SLE', 'KES', 'ZAR'], {
    message: 'Please select a currency.',
  }),
  timezone: z.enum(TIME_ZONES, { message: 'Please select a time zone.' }).optional(),
  defaultTaxRate: z.coerce
    .number({ message: 'Tax rate must be between 0 and 100' })
    .min(0, 'Tax rate must be between 0 and 100')
    .max(100, 'Tax rate must be between 0 and 100')
    .optional(),
});
export type OrganizationInput = z.infer<typeof OrganizationInputSchema>;

export const ProfileInputSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().email('Invalid email address').optional(),
  locale: z.enum(['en', 'fr']),
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;
