// POST /signup: email + password. With autoconfirm (the CLI default) the user is confirmed at once
// and gets a session; otherwise a confirmation code is mailed and the bare user is returned (again to
// a sign-up with the address of an unconfirmed account: its confirmation is mailed again, at most once
// per `max_frequency`).
import { randomUUID } from 'node:crypto';
import { clientIp } from '../../http.ts';
import { confirmEmail, createEmailUser, EMAIL_PROVIDER, mailCodeLimited } from '../accounts.ts';
import { requireCaptcha } from '../captcha.ts';
import { transaction } from '../db.ts';
import { badRequest, rateLimited, unprocessable, validationFailed } from '../errors.ts';
import { assertAcceptablePassword } from '../passwords.ts';
import { objectField, stringField, type Json } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { startSession } from '../sessions.ts';
import { userJson } from '../user-json.ts';
import type { UserRecord } from '../user-record.ts';
import { findUserByEmail } from '../users.ts';
import { validateEmail } from '../validate.ts';

export const signup: Route = async (service, call) => {
  const body = await call.body();
  if (!stringField(body, 'email') && !stringField(body, 'phone')) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (!service.signInLimiter.allow(clientIp(call.req))) throw rateLimited();
  await requireCaptcha(service, call, body);
  if (!service.settings.enableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
  const { email, password, data } = readSignup(body, service.settings.minimumPasswordLength);
  const redirectTo = call.url.searchParams.get('redirect_to');

  return transaction(service.pool, async (tx) => {
    let existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      if (service.settings.enableConfirmations) return ok(decoyUser(existing, data));
      throw unprocessable('user_already_exists', 'User already registered');
    }
    // GoTrue would confirm an existing unconfirmed (e.g. invited) user here without checking the
    // password when autoconfirm is on; refusing is the safe reading.
    if (existing && !service.settings.enableConfirmations) {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    // A sign-up nobody confirmed within a day gives its address back: whoever signs up with it now
    // starts afresh (their password, their details), so a stranger's sign-up cannot hold someone's
    // address. Within the day GoTrue's rule holds: the confirmation is mailed again, the account unchanged.
    if (existing && !existing.invited_at && isStale(existing)) {
      await tx.query('delete from auth.users where id = $1', [existing.id]);
      existing = undefined;
    }
    if (!existing) await createEmailUser(tx, { email, password, userMetadata: data, identityData: data });
    const user = (await findUserByEmail(tx, email))!;
    if (service.settings.enableConfirmations) {
      await mailCodeLimited(service, tx, user, 'signup', redirectTo);
      return ok(userJson((await findUserByEmail(tx, email))!));
    }
    await confirmEmail(tx, user);
    return ok(await startSession(service, tx, user, 'password', call.client));
  });
};

/** How long an unconfirmed sign-up keeps its address from others. */
export const UNCONFIRMED_HOLD_MS = 24 * 3600 * 1000;

const isStale = (user: UserRecord) => Date.parse(user.created_at ?? '') + UNCONFIRMED_HOLD_MS < Date.now();

/** The body's fields, checked in GoTrue's order (password before address). */
function readSignup(body: Json, minimumPasswordLength: number) {
  const password = stringField(body, 'password');
  if (!password) throw validationFailed('Signup requires a valid password');
  assertAcceptablePassword(password, minimumPasswordLength);
  if (stringField(body, 'email') && stringField(body, 'phone')) {
    throw validationFailed('Only an email address or phone number should be provided on signup.');
  }
  if (stringField(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  return {
    email: validateEmail(stringField(body, 'email')),
    password,
    data: objectField(body, 'data') ?? {},
  };
}

/**
 * With confirmations on, signing up with a taken address answers like a fresh sign-up (a made-up
 * id, no identities) so the endpoint does not reveal which addresses have accounts.
 */
function decoyUser(existing: UserRecord, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return userJson({
    ...existing,
    id: randomUUID(),
    role: '',
    email_change: '',
    created_at: now,
    updated_at: now,
    confirmation_sent_at: now,
    last_sign_in_at: null,
    confirmed_at: null,
    email_change_sent_at: null,
    email_confirmed_at: null,
    phone_confirmed_at: null,
    phone: null,
    raw_user_meta_data: data,
    raw_app_meta_data: EMAIL_PROVIDER,
    identities: [],
  });
}
