// Password hashing and the strength policy. Hashes are bcrypt with cost 10 and the `$2a$` prefix
// GoTrue writes, so they also verify with pgcrypto's crypt() (the seed creates users that way).
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { validationFailed, weakPassword, type AuthError } from './errors.ts';

const COST = 10;
/** bcrypt ignores bytes past 72, so GoTrue refuses longer passwords outright. */
const MAX_BYTES = 72;

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

/** Why the password fails the policy, as the weak_password error, or undefined when it passes. */
export function passwordWeakness(password: string, minLength: number): AuthError | undefined {
  // GoTrue measures in bytes (Go's len), for the minimum as for the maximum.
  if (Buffer.byteLength(password) >= minLength) return undefined;
  return weakPassword(`Password should be at least ${minLength} characters.`, ['length']);
}

export function assertAcceptablePassword(password: string, minLength: number): void {
  if (Buffer.byteLength(password) > MAX_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_BYTES} characters`);
  }
  const weakness = passwordWeakness(password, minLength);
  if (weakness) throw weakness;
}
