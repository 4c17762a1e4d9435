// Redeeming an emailed one-time code: find the user whose stored hash matches, check it has not
// expired, apply what the code was for (confirm the address, accept the invite, recover the account,
// switch to the new address) and open a session, all in one transaction.
import { changePassword, confirmEmail } from './accounts.ts';
import { transaction, type Db } from './db.ts';
import { forbidden, validationFailed, type AuthError } from './errors.ts';
import { randomPassword } from './passwords.ts';
import type { AuthService, Client } from './service.ts';
import { startSession } from './sessions.ts';
import { hasPassword, isBanned, type UserRecord } from './user-record.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByToken,
  findUsersByNewEmail,
  NOW,
  updateEmailIdentity,
  updateUser,
  type TokenColumn,
} from './users.ts';

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];

/** GoTrue's default OTP lifetime (the CLI's `otp_expiry`). */
const OTP_LIFETIME_MS = 3600 * 1000;

/** What the caller presented: a hash from a link, or the address and the code typed in. */
export type Proof = { tokenHash: string } | { email: string; tokenHash: string };

const COLUMNS: Record<VerifyType, TokenColumn[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new'],
};

const SENT_AT: Record<TokenColumn, 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
};

function isVerifyType(type: string): type is VerifyType {
  return (VERIFY_TYPES as readonly string[]).includes(type);
}

export async function verifyCode(service: AuthService, type: string, proof: Proof, client: Client) {
  if (!isVerifyType(type)) throw validationFailed('Unsupported verification type');
  return transaction(service.pool, async (tx) => {
    const { user, column } = await findByProof(tx, type, proof);
    if (column === 'email_change_token_new') await applyEmailChange(tx, user);
    else if (column === 'confirmation_token') await acceptSignupOrInvite(tx, user);
    else await acceptRecovery(tx, user);
    return startSession(service, tx, user, 'otp', client);
  });
}

async function findByProof(tx: Db, type: VerifyType, proof: Proof) {
  const byLink = !('email' in proof);
  const invalid = (): AuthError =>
    forbidden(
      'otp_expired',
      byLink ? 'Email link is invalid or has expired' : 'Token has expired or is invalid',
    );
  for (const column of COLUMNS[type]) {
    const match = (await candidates(tx, type, column, proof)).find((u) => u[column] === proof.tokenHash);
    if (!match) continue;
    // Read again under a lock, so two concurrent redemptions of one code cannot both succeed.
    const user = await findUserById(tx, match.id, true);
    if (!user || user[column] !== proof.tokenHash) throw invalid();
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    const sentAt = user[SENT_AT[column]];
    if (!sentAt || Date.parse(sentAt) + OTP_LIFETIME_MS < Date.now()) throw invalid();
    return { user, column };
  }
  throw invalid();
}

/** Users the proof may be for; a typed code comes with the address it was sent to. */
async function candidates(tx: Db, type: VerifyType, column: TokenColumn, proof: Proof) {
  if (!('email' in proof)) return present(await findUserByToken(tx, column, proof.tokenHash));
  if (type === 'email_change') return findUsersByNewEmail(tx, proof.email);
  return present(await findUserByEmail(tx, proof.email));
}

const present = (user: UserRecord | undefined) => (user ? [user] : []);

async function acceptSignupOrInvite(tx: Db, user: UserRecord): Promise<void> {
  // An invited user has no password yet; GoTrue gives them one nobody knows (they set theirs next).
  if (!hasPassword(user) && user.invited_at) await changePassword(tx, user.id, randomPassword(), undefined);
  await confirmEmail(tx, user);
  await updateEmailIdentity(tx, user.id, { email_verified: true });
}

async function acceptRecovery(tx: Db, user: UserRecord): Promise<void> {
  await updateUser(tx, user.id, { recovery_token: '' });
  if (!user.email_confirmed_at) await confirmEmail(tx, user);
}

async function applyEmailChange(tx: Db, user: UserRecord): Promise<void> {
  const email = user.email_change ?? '';
  await updateUser(tx, user.id, {
    email,
    email_change: '',
    email_change_token_new: '',
    email_change_token_current: '',
    email_change_confirm_status: 0,
  });
  if (!user.email_confirmed_at) await updateUser(tx, user.id, { email_confirmed_at: NOW });
  await updateEmailIdentity(tx, user.id, { email, email_verified: true });
}

/**
 * Voids every one-time code pending for `email`: the recovery, sign-up and invite codes of its account
 * and the code of an email change to it. Whoever asked for one asks again.
 */
export async function voidCodesFor(service: AuthService, email: string): Promise<void> {
  await service.pool.query(
    `update auth.users set recovery_token = '', confirmation_token = '', updated_at = now()
      where lower(email) = $1 and (recovery_token <> '' or confirmation_token <> '')`,
    [email],
  );
  await service.pool.query(
    `update auth.users set email_change_token_new = '', updated_at = now()
      where lower(email_change) = $1 and email_change_token_new <> ''`,
    [email],
  );
  service.log(`too many wrong codes for ${email}: its pending codes are void`);
}
