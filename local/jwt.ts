// HS256 JWTs with the project's secret, as GoTrue signs them and PostgREST verifies them.
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import { JWT_SECRET } from './config.ts';

// One stack runs per process; it sets its secret (local/keys.ts) before serving anything.
let key = new TextEncoder().encode(JWT_SECRET);

export function useJwtSecret(secret: string): void {
  key = new TextEncoder().encode(secret);
}

export type Claims = JWTPayload & { role?: string; email?: string; session_id?: string };

export async function signJwt(claims: Claims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

export type VerifyResult =
  { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** Verifies signature and `exp`/`nbf`/`iat`; `clockTolerance` in seconds (PostgREST allows 30). */
export async function verifyJwt(token: string, clockTolerance = 0): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], clockTolerance });
    return { ok: true, claims: payload as Claims };
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: e instanceof Error ? e.message : String(e) };
  }
}

/** The token of an `Authorization: Bearer <token>` header (scheme in any case), or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  return m ? m[1]!.trim() : null;
}
