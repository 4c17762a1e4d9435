// Account changes shared by several endpoints: creating an email user, confirming an address,
// mailing a one-time code, changing a password. Each runs inside the caller's transaction.
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { emailRateLimited, tooSoon } from './errors.ts';
import { mailOtp } from './mailer.ts';
import { hashPassword, randomPassword } from './passwords.ts';
import type { Json } from './request.ts';
import type { AuthService } from './service.ts';
import { endSessions } from './sessions.ts';
import { mergeMetadata, type UserRecord } from './user-record.ts';
import { insertUser, NOW, updateUser } from './users.ts';

export const EMAIL_PROVIDER: Json = { provider: 'email', providers: ['email'] };

export interface NewEmailUser {
  /** Admins may choose the id; otherwise a random one. */
  id?: string;
  email: string;
  /** null: none yet (an invited user); undefined: one nobody knows (GoTrue's admin create). */
  password?: string | null;
  userMetadata: Json;
  /** Merged onto the provider keys. */
  appMetadata?: Json;
  identityData?: Json;
  role?: string;
}

/** Creates the user and its email identity; returns the new id. */
export async function createEmailUser(tx: Db, user: NewEmailUser): Promise<string> {
  const id = user.id ?? randomUUID();
  await insertUser(tx, {
    id,
    email: user.email,
    passwordHash: user.password === null ? null : await hashPassword(user.password ?? randomPassword()),
    appMetadata: mergeMetadata(EMAIL_PROVIDER, user.appMetadata ?? {}),
    userMetadata: user.userMetadata,
    role: user.role || 'authenticated',
    identityData: user.identityData,
  });
  return id;
}

/** Marks the email confirmed, and says so in user_metadata as GoTrue does. */
export async function confirmEmail(tx: Db, user: UserRecord): Promise<void> {
  await updateUser(tx, user.id, {
    confirmation_token: '',
    email_confirmed_at: NOW,
    raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
  });
}

const CODE_COLUMNS = {
  signup: ['confirmation_token', 'confirmation_sent_at'],
  invite: ['confirmation_token', 'confirmation_sent_at'],
  recovery: ['recovery_token', 'recovery_sent_at'],
  magiclink: ['recovery_token', 'recovery_sent_at'],
} as const;

export type CodeKind = keyof typeof CODE_COLUMNS;

/** Stores the hash of a code just issued for a signup confirmation, an invite or a recovery. */
export async function storeCode(tx: Db, userId: string, kind: CodeKind, hash: string): Promise<void> {
  const [tokenColumn, sentColumn] = CODE_COLUMNS[kind];
  await updateUser(tx, userId, { [tokenColumn]: hash, [sentColumn]: NOW });
}

/** Mails a code (see mailer.ts) and stores its hash. */
export async function mailCode(
  service: AuthService,
  tx: Db,
  user: UserRecord,
  kind: CodeKind,
  redirectTo: string | null,
): Promise<void> {
  const email = user.email ?? '';
  const recipient = { to: email, email, metadata: user.raw_user_meta_data };
  await storeCode(tx, user.id, kind, await mailOtp(service, kind, recipient, redirectTo));
}

/** Which column says when a kind of code was last mailed (one mail per `max_frequency` per account). */
const SENT_AT = {
  signup: 'confirmation_sent_at',
  magiclink: 'recovery_sent_at',
  recovery: 'recovery_sent_at',
} as const;

/**
 * Mails a sign-up confirmation, a magic link or a recovery code as GoTrue's senders do: refused (429
 * over_email_send_rate_limit) when the account was sent one less than `max_frequency` ago, or when the
 * project's hourly mail budget (`email_sent`) is spent, so nobody can flood a mailbox or the budget.
 */
export async function mailCodeLimited(
  service: AuthService,
  tx: Db,
  user: UserRecord,
  kind: keyof typeof SENT_AT,
  redirectTo: string | null,
): Promise<void> {
  const wait = tooSoon(user[SENT_AT[kind]], service.settings.emailMaxFrequencyMs);
  if (wait) throw wait;
  if (!service.emailSentLimiter.allow('mail')) throw emailRateLimited();
  await mailCode(service, tx, user, kind, redirectTo);
}

/**
 * Sets a new password and, as GoTrue does, voids pending one-time codes and ends the user's other
 * sessions (all of them when no session is kept), since whoever knew the old password may be in one.
 */
export async function changePassword(
  tx: Db,
  userId: string,
  password: string,
  keepSessionId: string | undefined,
): Promise<void> {
  await updateUser(tx, userId, {
    encrypted_password: await hashPassword(password),
    confirmation_token: '',
    confirmation_sent_at: null,
    recovery_token: '',
    recovery_sent_at: null,
    email_change_token_new: '',
    email_change_token_current: '',
    email_change_sent_at: null,
  });
  await endSessions(tx, userId, keepSessionId, keepSessionId ? 'others' : 'global');
}
