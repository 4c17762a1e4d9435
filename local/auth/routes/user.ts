// GET /user and PUT /user: the signed-in user reads and changes their own account.
// An email change is not applied at once: as GoTrue does for non-anonymous users, the new address
// is kept in `email_change` (shown as `new_email`) and takes effect when the code "mailed" to it is
// verified (POST /verify type email_change, or the printed link).
import { clientIp } from '../../http.ts';
import type { Claims } from '../../jwt.ts';
import { authenticateUser } from '../authenticate.ts';
import { changePassword } from '../accounts.ts';
import { transaction } from '../db.ts';
import { badRequest, emailExists, forbidden, rateLimited, unprocessable } from '../errors.ts';
import { mailOtp } from '../mailer.ts';
import { assertAcceptablePassword, verifyPassword } from '../passwords.ts';
import { objectField, optionalString, stringField } from '../request.ts';
import { ok, type AuthService, type Call, type Route } from '../service.ts';
import { userJson } from '../user-json.ts';
import { hasPassword, mergeMetadata, type UserRecord } from '../user-record.ts';
import { AUDIENCE, emailTaken, findUserById, NOW, updateUser } from '../users.ts';
import { validateEmail } from '../validate.ts';

export const getUser: Route = async (service, call) => {
  const { user, claims } = await authenticateUser(service.pool, call.req);
  const claimed = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  const header = call.req.headers['x-jwt-aud'];
  const requested = (typeof header === 'string' && header) || claimed || AUDIENCE;
  if (!claimed || claimed !== requested) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  return ok(userJson(user));
};

const CURRENT_PASSWORD = 'Current password required when setting new password.';

/** Signed in with a code (recovery, invite, magic link): the person proved the mailbox, not a password. */
const signedInWithCode = (claims: Claims) =>
  Array.isArray(claims.amr) &&
  claims.amr.some((m) =>
    ['otp', 'recovery', 'magiclink', 'invite'].includes((m as { method?: string }).method ?? ''),
  );

/**
 * GoTrue's `require_current_password`: a new password needs the current one, so a stolen session cannot
 * lock the owner out. Wrong guesses count against the sign-in failure budget of that email from that address.
 */
async function checkCurrentPassword(
  service: AuthService,
  call: Call,
  user: UserRecord,
  current: string | undefined,
) {
  if (!current) throw badRequest('current_password_required', CURRENT_PASSWORD);
  const failures = service.signInFailureLimiter;
  const key = `${(user.email ?? '').toLowerCase()}\n${clientIp(call.req)}`;
  if (failures && !failures.peek(key)) throw rateLimited();
  if (!(await verifyPassword(current, user.encrypted_password))) {
    failures?.allow(key);
    throw badRequest('current_password_mismatch', CURRENT_PASSWORD);
  }
}

export const updateCurrentUser: Route = async (service, call) => {
  const { user, sessionId, claims } = await authenticateUser(service.pool, call.req);
  const body = await call.body();
  const emailInput = stringField(body, 'email');
  const email = emailInput ? validateEmail(emailInput) : '';
  const password = optionalString(body, 'password');
  const data = objectField(body, 'data');
  const appData = objectField(body, 'app_metadata');
  if (stringField(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (password !== undefined) assertAcceptablePassword(password, service.settings.minimumPasswordLength);
  if (appData) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  if (password && service.settings.requireCurrentPassword && hasPassword(user) && !signedInWithCode(claims)) {
    await checkCurrentPassword(service, call, user, optionalString(body, 'current_password'));
  }

  const changesEmail = email !== '' && email !== user.email;
  if (changesEmail && (await emailTaken(service.pool, email, user.id))) throw emailExists();
  if (password && (await verifyPassword(password, user.encrypted_password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }

  const updated = await transaction(service.pool, async (tx) => {
    const current = (await findUserById(tx, user.id, true))!;
    if (password !== undefined) await changePassword(tx, user.id, password, sessionId);
    if (data) {
      await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(current.raw_user_meta_data, data) });
    }
    if (changesEmail) {
      const redirectTo = call.url.searchParams.get('redirect_to');
      await updateUser(tx, user.id, {
        email_change: email,
        email_change_token_new: await mailOtp(
          service,
          'email_change',
          { to: email, email: current.email ?? '', metadata: current.raw_user_meta_data },
          redirectTo,
        ),
        email_change_sent_at: NOW,
        email_change_confirm_status: 0,
      });
    }
    return (await findUserById(tx, user.id))!;
  });
  return ok(userJson(updated));
};
