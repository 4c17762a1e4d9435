// Password hashing and the strength policy. Hashes are bcrypt with cost 10 and the `$2a$` prefix
// GoTrue writes, so they also verify with pgcrypto's crypt() (the seed creates users that way).
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { isCommonPassword, MAX_PASSWORD_BYTES } from '../../packages/shared/passwords.ts';
import { validationFailed, weakPassword, type AuthError } from './errors.ts';

const COST = 10;
/** bcrypt ignores bytes past 72, so GoTrue refuses longer passwords outright. */
const MAX_BYTES = MAX_PASSWORD_BYTES;

export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(COST)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

/** False for users without a password (invited, not yet accepted). */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash);
}

/** A password nobody knows, for users created without one (admin create, accepted invites). */
export function randomPassword(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * Why the password fails the policy, as the weak_password error, or undefined when it passes. A password
 * from the shipped list of the most common ones is refused as GoTrue refuses one found in Have I Been
 * Pwned (reason `pwned`, with its message), which a hosted project can turn on.
 */
export function passwordWeakness(password: string, minLength: number): AuthError | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  // GoTrue measures in bytes (Go's len), for the minimum as for the maximum.
  if (Buffer.byteLength(password) < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  if (isCommonPassword(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length ? weakPassword(messages.join(' '), reasons) : undefined;
}

export function assertAcceptablePassword(password: string, minLength: number): void {
  if (Buffer.byteLength(password) > MAX_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_BYTES} characters`);
  }
  const weakness = passwordWeakness(password, minLength);
  if (weakness) throw weakness;
}
