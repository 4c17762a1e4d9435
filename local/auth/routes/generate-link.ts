// POST /admin/generate_link: what a mail would carry (code, token hash, link) handed to an admin
// instead of mailed — for sending mail yourself, and for tests that must redeem codes over HTTP.
// Types: signup, invite, magiclink (which signs up an unknown address), recovery, email_change_new.
import { requireAdmin } from '../authenticate.ts';
import { createEmailUser, storeCode } from '../accounts.ts';
import { transaction, type Db } from '../db.ts';
import { emailExists, notFound, validationFailed } from '../errors.ts';
import { actionLink, allowedRedirect } from '../mailer.ts';
import { assertAcceptablePassword, randomPassword } from '../passwords.ts';
import { objectField, stringField, type Json } from '../request.ts';
import { ok, type AuthService, type Route } from '../service.ts';
import { newOtp, otpHash } from '../tokens.ts';
import { userJson } from '../user-json.ts';
import { mergeMetadata, type UserRecord } from '../user-record.ts';
import { emailTaken, findUserByEmail, NOW, updateUser } from '../users.ts';
import { validateEmail } from '../validate.ts';

interface LinkRequest {
  type: string;
  email: string;
  password: string;
  data: Json | undefined;
  newEmail: string;
  otp: string;
}

export const generateLink: Route = async (service, call) => {
  await requireAdmin(call.req);
  const body = await call.body();
  const request: LinkRequest = {
    type: stringField(body, 'type'),
    email: validateEmail(stringField(body, 'email')),
    password: stringField(body, 'password'),
    data: objectField(body, 'data'),
    newEmail: stringField(body, 'new_email'),
    otp: newOtp(),
  };
  const redirectTo = allowedRedirect(service, stringField(body, 'redirect_to') || null);
  const { user, type, linkHash } = await transaction(service.pool, (tx) => prepare(service, tx, request));
  return ok({
    ...userJson(user),
    action_link: actionLink(
      service,
      linkHash,
      type === 'email_change_new' ? 'email_change' : type,
      redirectTo,
    ),
    email_otp: request.otp,
    // GoTrue hashes with the current address even for email_change_new, whose code is redeemed
    // with the new address (the link carries the right hash).
    hashed_token: otpHash(request.email, request.otp),
    verification_type: type,
    redirect_to: redirectTo,
  });
};

type LinkType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change_new';

/** Creates or updates the user as the link type requires and stores the code's hash. */
async function prepare(service: AuthService, tx: Db, request: LinkRequest) {
  const existing = await findUserByEmail(tx, request.email);
  const hash = otpHash(request.email, request.otp);
  let type = request.type as LinkType;
  if (type === 'magiclink' && !existing) {
    await createUnconfirmed(service, tx, { ...request, password: randomPassword() }, 'signup');
    type = 'signup';
  } else if (type === 'signup' || type === 'invite') {
    if (existing?.email_confirmed_at) throw emailExists();
    if (existing && type === 'signup' && request.data) await mergeUserData(tx, existing, request.data);
    if (!existing) await createUnconfirmed(service, tx, request, type);
  } else if (type !== 'recovery' && type !== 'magiclink' && type !== 'email_change_new') {
    throw validationFailed(`Invalid email action link type requested: ${request.type}`);
  } else if (!existing) {
    throw notFound('user_not_found', 'User with this email not found');
  }

  const user = (await findUserByEmail(tx, request.email))!;
  let linkHash = hash;
  if (type === 'email_change_new') {
    linkHash = await storeEmailChange(tx, user, request.newEmail, request.otp);
  } else {
    await storeCode(tx, user.id, type, hash);
    if (type === 'invite') await updateUser(tx, user.id, { invited_at: NOW });
  }
  return { user: (await findUserByEmail(tx, request.email))!, type, linkHash };
}

/** A signed-up user (with the given password, checked) or an invited one (without a password). */
async function createUnconfirmed(
  service: AuthService,
  tx: Db,
  request: LinkRequest,
  type: 'signup' | 'invite',
): Promise<void> {
  if (type === 'signup') {
    if (!request.password) throw validationFailed('Signup requires a valid password');
    assertAcceptablePassword(request.password, service.settings.minimumPasswordLength);
  }
  await createEmailUser(tx, {
    email: request.email,
    password: type === 'signup' ? request.password : null,
    userMetadata: request.data ?? {},
  });
}

async function mergeUserData(tx: Db, user: UserRecord, data: Json): Promise<void> {
  await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
}

/** Records the pending change; returns the hash of the code with the new address. */
async function storeEmailChange(
  tx: Db,
  user: UserRecord,
  newEmailInput: string,
  otp: string,
): Promise<string> {
  const newEmail = validateEmail(newEmailInput);
  if (await emailTaken(tx, newEmail, user.id)) throw emailExists();
  const hash = otpHash(newEmail, otp);
  await updateUser(tx, user.id, {
    email_change: newEmail,
    email_change_token_new: hash,
    email_change_sent_at: NOW,
    email_change_confirm_status: 0,
  });
  return hash;
}
