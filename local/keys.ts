// The stack's JWT secret and the anon and service_role keys signed with it. By default the public demo
// ones `supabase start` prints, which anyone can use to sign any token: fine on the loopback interface,
// where only this machine can reach the stack, and refused anywhere else. With JWT_SECRET set, the keys
// are signed with it here, the same way every time, so an app built or a client configured with them
// keeps working across restarts.
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from './config.ts';

export interface StackKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** False with the public demo secret and keys. */
  generated: boolean;
}

/** GoTrue and PostgREST accept HS256 secrets of any length; Supabase asks for at least 32 characters. */
export const MIN_SECRET_LENGTH = 32;

/** Issued at 2026-01-01, valid ten years: fixed, so the same secret always gives the same keys. */
const ISSUED_AT = 1767225600;
const VALID_FOR = 10 * 365 * 24 * 3600;

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function signKey(secret: string, role: 'anon' | 'service_role'): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ iss: 'supabase', ref: 'local', role, iat: ISSUED_AT, exp: ISSUED_AT + VALID_FOR }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Whether `host` is reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare.startsWith('::ffff:127.');
  return false;
}

/** A setting that would leave the stack open; its message says what to do. */
export class UnsafeConfigError extends Error {}

export function stackKeys(host: string, secret: string | undefined): StackKeys {
  if (secret !== undefined && secret !== '' && secret !== JWT_SECRET) {
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new UnsafeConfigError(
        `JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (it has ${secret.length}).`,
      );
    }
    return {
      jwtSecret: secret,
      anonKey: signKey(secret, 'anon'),
      serviceRoleKey: signKey(secret, 'service_role'),
      generated: true,
    };
  }
  if (!isLoopback(host)) {
    throw new UnsafeConfigError(
      `HOST=${host} lets other machines reach the stack, and the demo JWT secret is public: anyone could ` +
        `sign a service_role token and read every organization. Set JWT_SECRET to a secret of your own ` +
        `(at least ${MIN_SECRET_LENGTH} characters, e.g. \`openssl rand -base64 32\`); the anon and ` +
        `service_role keys are then signed with it and printed at start-up.`,
    );
  }
  return { jwtSecret: JWT_SECRET, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY, generated: false };
}
