// Payment reminders of an organization: on or off, and the days, relative to an invoice's due date, on
// which its customer is reminded (-3: three days before; 0: on the day; 7: a week after). The database
// (public.payment_reminder_settings) checks the same bounds.
import { z } from './zod.ts';
import { REMINDER_STEP_MAX, REMINDER_STEP_MIN, REMINDER_STEPS_MAX } from './values.ts';

export { REMINDER_STEP_MAX, REMINDER_STEP_MIN, REMINDER_STEPS_MAX };
export const DEFAULT_REMINDER_STEPS = [-3, 0, 7] as const;

export const PaymentRemindersInputSchema = z.object({
  enabled: z.boolean(),
  steps: z
    .array(
      z
        .number()
        .int('REMINDER_STEPS_INVALID')
        .min(REMINDER_STEP_MIN, 'REMINDER_STEPS_INVALID')
        .max(REMINDER_STEP_MAX, 'REMINDER_STEPS_INVALID'),
    )
    .min(1, 'REMINDER_STEPS_INVALID')
    .max(REMINDER_STEPS_MAX, 'REMINDER_STEPS_INVALID')
    .refine((s) => new Set(s).size === s.length, 'REMINDER_STEPS_INVALID'),
});
export type PaymentRemindersInput = z.infer<typeof PaymentRemindersInputSchema>;
export type PaymentReminders = PaymentRemindersInput;
