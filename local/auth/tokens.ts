// The secrets GoTrue hands out: access tokens (HS256 JWTs with its claims in its order), refresh
// tokens (12 lowercase base32 characters, its "legacy" format that clients treat as opaque), and
// email one-time codes stored only as a hash.
import { createHash, randomInt } from 'node:crypto';
import { signJwt } from '../jwt.ts';
import type { UserRecord } from './user-record.ts';
import { userClaims } from './user-json.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const OTP_DIGITS = 6;

export type AuthMethod = 'password' | 'otp';

export function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 12; i++) token += BASE32[randomInt(BASE32.length)];
  return token;
}

/** GoTrue accepts only its 12-character format here; anything else is a malformed request. */
export function isWellFormedRefreshToken(token: string): boolean {
  return /^[a-z0-9]{12}$/.test(token);
}

export function newOtp(): string {
  return String(randomInt(10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
}

/** What is stored for an emailed code, and what a mail link carries: hex(SHA-224(email + code)). */
export function otpHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

export interface AccessToken {
  token: string;
  expiresAt: number;
}

export interface AccessTokenInput {
  issuer: string;
  expiry: number;
  user: UserRecord;
  sessionId: string;
  method: AuthMethod;
  /** When the session was authenticated (unix seconds), for `amr`. */
  authenticatedAt: number;
}

export async function signAccessToken(input: AccessTokenInput): Promise<AccessToken> {
  const { user } = input;
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + input.expiry;
  const token = await signJwt({
    iss: input.issuer,
    sub: user.id,
    aud: user.aud ?? '',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    ...userClaims(user),
    role: user.role ?? '',
    aal: 'aal1',
    amr: [{ method: input.method, timestamp: input.authenticatedAt }],
    session_id: input.sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, expiresAt: exp };
}
