// POST /admin/users and PUT /admin/users/{id}: admins create and change users. Unlike sign-up,
// creation skips the password policy and confirmation mail (GoTrue's admin semantics); an update
// that sets a password does check it, and logs the user out everywhere.
import { requireAdmin } from '../authenticate.ts';
import { changePassword, confirmEmail, createEmailUser } from '../accounts.ts';
import { transaction, type Db } from '../db.ts';
import { emailExists, validationFailed } from '../errors.ts';
import { assertAcceptablePassword } from '../passwords.ts';
import { booleanField, objectField, optionalString, stringField, type Json } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { userJson } from '../user-json.ts';
import { mergeMetadata, type UserRecord } from '../user-record.ts';
import { emailTaken, findUserById, updateEmailIdentity, updateUser } from '../users.ts';
import { isUuid, parseGoDuration, validateEmail } from '../validate.ts';
import { loadUser } from './admin-users.ts';

interface AdminParams {
  email: string;
  password: string | undefined;
  emailConfirm: boolean;
  userMetadata: Json | undefined;
  appMetadata: Json | undefined;
  role: string;
  /** Milliseconds; 0 lifts a ban. */
  banMs: number | undefined;
}

function readParams(body: Json): AdminParams {
  if (stringField(body, 'phone')) throw validationFailed('Phone users are not supported by the local stack');
  if (stringField(body, 'password_hash')) {
    throw validationFailed('password_hash is not supported by the local stack');
  }
  const email = stringField(body, 'email');
  const ban = stringField(body, 'ban_duration');
  return {
    email: email && validateEmail(email),
    password: optionalString(body, 'password'),
    emailConfirm: booleanField(body, 'email_confirm'),
    userMetadata: objectField(body, 'user_metadata'),
    appMetadata: objectField(body, 'app_metadata'),
    role: stringField(body, 'role'),
    banMs: ban === '' ? undefined : ban === 'none' ? 0 : parseGoDuration(ban),
  };
}

async function applyBan(tx: Db, userId: string, banMs: number | undefined): Promise<void> {
  if (banMs === undefined) return;
  await updateUser(tx, userId, { banned_until: banMs === 0 ? null : new Date(Date.now() + banMs) });
}

export const createAdminUser: Route = async (service, call) => {
  await requireAdmin(call.req);
  const body = await call.body();
  const params = readParams(body);
  const id = stringField(body, 'id') || undefined;
  if (!params.email) throw validationFailed('Cannot create a user without either an email or phone');
  if (id !== undefined && !isUuid(id)) throw validationFailed('ID must conform to the uuid v4 format');
  if (id === '00000000-0000-0000-0000-000000000000') throw validationFailed('ID cannot be a nil uuid');
  if (await emailTaken(service.pool, params.email)) throw emailExists();

  const user = await transaction(service.pool, async (tx) => {
    const created = await createEmailUser(tx, {
      id,
      email: params.email,
      password: params.password || undefined,
      userMetadata: params.userMetadata ?? {},
      appMetadata: params.appMetadata,
      role: params.role,
    });
    if (params.emailConfirm) await confirmEmail(tx, (await findUserById(tx, created))!);
    await applyBan(tx, created, params.banMs);
    return (await findUserById(tx, created))!;
  });
  return ok(userJson(user));
};

export const updateAdminUser: Route = async (service, call) => {
  await requireAdmin(call.req);
  const { id } = await loadUser(service.pool, call);
  const params = readParams(await call.body());
  if (params.email && (await emailTaken(service.pool, params.email, id))) throw emailExists();
  if (params.password !== undefined) {
    assertAcceptablePassword(params.password, service.settings.minimumPasswordLength);
  }

  const user = await transaction(service.pool, async (tx) => {
    const reload = async () => (await findUserById(tx, id, true))!;
    let current: UserRecord = await reload();
    if (params.role) await updateUser(tx, id, { role: params.role });
    if (params.emailConfirm) await confirmEmail(tx, current);
    if (params.password !== undefined) await changePassword(tx, id, params.password, undefined);
    if (params.email) {
      await updateEmailIdentity(tx, id, { email: params.email, email_verified: params.emailConfirm });
      await updateUser(tx, id, { email: params.email });
    }
    current = await reload();
    if (params.appMetadata) {
      await updateUser(tx, id, {
        raw_app_meta_data: mergeMetadata(current.raw_app_meta_data, params.appMetadata),
      });
    }
    if (params.userMetadata) {
      const merged = mergeMetadata(current.raw_user_meta_data, params.userMetadata);
      await updateUser(tx, id, { raw_user_meta_data: merged });
    }
    await applyBan(tx, id, params.banMs);
    return reload();
  });
  return ok(userJson(user));
};
