// POST /otp: sign-in by email without a password (supabase-js signInWithOtp), as GoTrue's Otp and
// MagicLink answer it. A confirmed account is mailed a magic link with a one-time code (verified as
// type `magiclink` or `email`); an address with no confirmed account is signed up first, with a password
// nobody knows, unless the caller said `create_user: false` (then 422 otp_disabled) — with
// confirmations on, that sign-up's confirmation mail is what signs them in. The same mail budgets as
// /recover apply: `max_frequency` per account, `email_sent` per project, sign-in budget per address.
import { clientIp } from '../../http.ts';
import { confirmEmail, createEmailUser, mailCodeLimited } from '../accounts.ts';
import { requireCaptcha } from '../captcha.ts';
import { transaction } from '../db.ts';
import { badRequest, rateLimited, unprocessable, validationFailed } from '../errors.ts';
import { isObject, objectField, stringField } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { findUserByEmail, findUserById } from '../users.ts';
import { validateEmail } from '../validate.ts';

export const otp: Route = async (service, call) => {
  if (!service.signInLimiter.allow(clientIp(call.req))) throw rateLimited();
  const body = await call.body();
  await requireCaptcha(service, call, body);
  const emailInput = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  if (emailInput && phone) throw validationFailed('Only an email address or phone number should be provided');
  if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!emailInput) throw validationFailed('One of email or phone must be set');
  const email = validateEmail(emailInput);
  // GoTrue's default: an unknown address is signed up.
  const createUser = body.create_user === undefined ? true : body.create_user === true;
  const data = objectField(body, 'data') ?? {};
  if (body.data !== undefined && body.data !== null && !isObject(body.data)) {
    throw validationFailed('data must be an object');
  }
  const redirectTo = call.url.searchParams.get('redirect_to');

  await transaction(service.pool, async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!user?.email_confirmed_at) {
      if (!service.settings.enableSignup) {
        throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      }
      if (!user) await createEmailUser(tx, { email, userMetadata: data, identityData: data });
      user = (await findUserByEmail(tx, email))!;
      if (service.settings.enableConfirmations) {
        await mailCodeLimited(service, tx, user, 'signup', redirectTo);
        return;
      }
      await confirmEmail(tx, user);
    }
    const locked = (await findUserById(tx, user.id, true))!;
    await mailCodeLimited(service, tx, locked, 'magiclink', redirectTo);
  });
  return ok({});
};
