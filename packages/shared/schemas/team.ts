// Input schemas for the team and settings (invitations and saved preferences: docs/product-rules.md),
// shared by the forms and the `api` function.
import { z } from './zod.ts';
import { R } from './reasons.ts';
import { EMPLOYEE_STATUSES, ROLES } from './values.ts';

export { EMPLOYEE_STATUSES, ROLES };
export type Role = (typeof ROLES)[number];

export const InvitationInputSchema = z.object({
  email: z.string().trim().toLowerCase().email(R.INVALID_EMAIL).max(255),
  role: z.enum(ROLES).default('SALES'),
  /** The invitee's language for the invitation mail; without it, the inviter's. */
  locale: z.enum(['en', 'fr']).optional(),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;

export const MemberRoleInputSchema = z.object({
  role: z.enum(ROLES, { message: R.ROLE_REQUIRED }),
});
export type MemberRoleInput = z.infer<typeof MemberRoleInputSchema>;

const employeeFields = z.object({
  name: z.string().trim().min(1, R.NAME_REQUIRED).max(255),
  email: z
    .union([z.literal(''), z.string().trim().email(R.INVALID_EMAIL).max(255)])
    .optional()
    .nullable(),
  title: z.string().trim().max(255).optional().nullable(),
  status: z.enum(EMPLOYEE_STATUSES),
});

/** `id` lets an employee added offline keep the id the app gave it. */
export const EmployeeInputSchema = employeeFields.extend({
  id: z.uuid().optional(),
  status: employeeFields.shape.status.default('ACTIVE'),
});
export type EmployeeInput = z.infer<typeof EmployeeInputSchema>;

/** An edit sends only what changes, e.g. { status: 'INACTIVE' } to deactivate. */
export const EmployeeUpdateSchema = employeeFields
  .partial()
  .refine((e) => Object.values(e).some((v) => v !== undefined), { message: R.NOTHING_TO_CHANGE });
export type EmployeeUpdate = z.infer<typeof EmployeeUpdateSchema>;

export const THEMES = ['light', 'dark', 'system'] as const;

/**
 * Settings > Preferences and Notifications, saved per member and organization. Only the fields sent
 * change. `darkMode` is the switch's view of `theme` (true: dark, false: light).
 */
export const PreferencesInputSchema = z
  .object({
    theme: z.enum(THEMES),
    darkMode: z.boolean(),
    compactView: z.boolean(),
    lowStockAlerts: z.boolean(),
    paymentReminders: z.boolean(),
    newLeadNotifications: z.boolean(),
    teamActivity: z.boolean(),
    marketingUpdates: z.boolean(),
  })
  .partial()
  .strict();
export type PreferencesInput = z.infer<typeof PreferencesInputSchema>;
