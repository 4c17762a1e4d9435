// Sign-up through Auth's own sign-up (POST /auth/v1/signup with the anon key and the caller's address), as
// registration and an invitee's registration both make it, so Auth's limits apply as to any sign-up: its
// per-address budget, its captcha, its mail budgets. Auth's refusals become the app's reason codes.
import { anonClient } from '../_shared/clients.ts';
import { AppError } from '../_shared/errors.ts';

interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  locale?: 'en' | 'fr';
  captchaToken?: string;
}

/**
 * The person signed up, with `data` kept in their user metadata; the mail's link (where the project asks
 * for a confirmation) comes back to `returnPath` in the app. Answers the user and, when no confirmation is
 * asked, the session.
 */
export async function signUp(req: Request, person: Person, data: object, returnPath: string) {
  const origin = req.headers.get('origin');
  const { data: signedUp, error } = await anonClient(req.headers.get('x-forwarded-for')).auth.signUp({
    email: person.email,
    password: person.password,
    options: {
      data: { ...personMetadata(person), ...data },
      // Auth keeps the link's address to its allow list.
      ...(origin && { emailRedirectTo: new URL(returnPath, origin).toString() }),
      ...(person.captchaToken && { captchaToken: person.captchaToken }),
    },
  });
  if (error || !signedUp.user) throw signUpRefusal(error);
  return { user: signedUp.user, session: signedUp.session };
}

/** The answer when Auth mailed a confirmation link: nothing exists yet (202, whether or not the address had an account). */
export const confirmationRequired = (email: string) =>
  Response.json({ email, confirmationRequired: true }, { status: 202 });

/**
 * The session Auth's sign-up answered, handed to the caller: the app starts it as it is, rather than signing
 * in again — which, where the project asks for a captcha, would need a second token from the widget.
 */
export const sessionOf = (session: { access_token: string; refresh_token: string; expires_in: number }) => ({
  access_token: session.access_token,
  refresh_token: session.refresh_token,
  expires_in: session.expires_in,
});

const personMetadata = (person: Person) => ({
  first_name: person.firstName,
  last_name: person.lastName,
  locale: person.locale ?? 'en',
});

/** Auth's refusal of a sign-up, in the app's codes. */
function signUpRefusal(error: { code?: string; status?: number; message: string } | null): AppError {
  if (error?.code === 'user_already_exists' || error?.code === 'email_exists')
    return new AppError('ALREADY_EXISTS', 'An account with this email already exists', undefined, {
      reason: 'EMAIL_TAKEN',
      field: 'email',
    });
  if (error?.code === 'over_email_send_rate_limit')
    return new AppError('RATE_LIMITED', error.message, undefined, { reason: 'EMAIL_SEND_WAIT' });
  if (error?.status === 429)
    return new AppError('RATE_LIMITED', error.message, undefined, { reason: 'TOO_MANY_ATTEMPTS' });
  if (error?.code === 'captcha_failed')
    return new AppError('BAD_REQUEST', error.message, undefined, { reason: 'CAPTCHA_FAILED' });
  if (error?.code === 'weak_password')
    return new AppError('VALIDATION_FAILED', error.message, undefined, {
      reason: 'PASSWORD_TOO_COMMON',
      field: 'password',
    });
  if (error?.code === 'signup_disabled')
    return new AppError('FORBIDDEN', error.message, undefined, { reason: 'SIGNUP_DISABLED' });
  if (!error?.status || error.status >= 500)
    return new AppError('UNAVAILABLE', 'The service is unavailable for a moment. Please try again.');
  return new AppError('INTERNAL', 'Internal server error');
}
