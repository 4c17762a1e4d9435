// POST /token?grant_type=password|refresh_token: sign-in, and the session refresh supabase-js runs
// before the access token expires.
import { clientIp } from '../../http.ts';
import { requireCaptcha } from '../captcha.ts';
import { transaction } from '../db.ts';
import { badRequest, invalidCredentials, rateLimited, unprocessable, validationFailed } from '../errors.ts';
import { passwordWeakness, verifyPassword } from '../passwords.ts';
import { refreshGrant } from '../refresh.ts';
import { stringField } from '../request.ts';
import { ok, type Call, type Route } from '../service.ts';
import type { AuthService } from '../service.ts';
import { startSession } from '../sessions.ts';
import { hasPassword, isBanned } from '../user-record.ts';
import { findUserByEmail } from '../users.ts';

export const token: Route = async (service, call) => {
  const grant = call.url.searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(service, call);
  if (grant === 'refresh_token') {
    if (!service.refreshLimiter.allow(clientIp(call.req))) throw rateLimited();
    const refreshToken = stringField(await call.body(), 'refresh_token');
    return ok(await refreshGrant(service, refreshToken, call.client));
  }
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
};

async function passwordGrant(service: AuthService, call: Call) {
  const ip = clientIp(call.req);
  if (!service.signInLimiter.allow(ip)) throw rateLimited();
  const body = await call.body();
  await requireCaptcha(service, call, body);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  if (email && phone) {
    throw validationFailed('Only an email address or phone number should be provided on login.');
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw validationFailed('missing email or phone');

  // Too many wrong passwords for this email from this address: refused before the password is looked at.
  const failures = service.signInFailureLimiter;
  const failureKey = `${email.trim().toLowerCase()}\n${ip}`;
  if (failures && !failures.peek(failureKey)) throw rateLimited();
  const refuse = () => {
    failures?.allow(failureKey);
    return invalidCredentials();
  };

  const user = await findUserByEmail(service.pool, email);
  if (!user || !hasPassword(user)) throw refuse();
  // GoTrue answers "banned" before looking at the password.
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password))) throw refuse();
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await transaction(service.pool, (tx) =>
    startSession(service, tx, user, 'password', call.client),
  );
  // A correct password that the policy has since tightened against is accepted, with a warning.
  const weakness = passwordWeakness(password, service.settings.minimumPasswordLength);
  if (!weakness) return ok(session);
  return ok({ ...session, weak_password: { message: weakness.message, ...weakness.extra.weak_password! } });
}
