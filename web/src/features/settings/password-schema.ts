// The password change's check: the current password is given, the new one follows the rules Auth enforces.
// Loaded with the form's first check, not with the settings screen (lib/lazy-schema.ts).
import { z } from '@shared/schemas/zod.ts';
import { R } from '@shared/schemas/reason-codes.ts';
import { passwordProblem } from '@shared/passwords.ts';

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, R.CURRENT_PASSWORD_REQUIRED),
  password: z.string().superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: R[problem] });
  }),
});
