// The stack refuses the public demo secret beyond loopback, and signs stable keys with a secret of one's own.
import { decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from './config.ts';
import { isLoopback, stackKeys, UnsafeConfigError } from './keys.ts';

const SECRET = 'a-secret-of-our-own-that-is-long-enough-0123';

describe('stack keys', () => {
  it('uses the demo keys on loopback without JWT_SECRET', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]']) {
      expect(stackKeys(host, undefined)).toEqual({
        jwtSecret: JWT_SECRET,
        anonKey: ANON_KEY,
        serviceRoleKey: SERVICE_ROLE_KEY,
        generated: false,
      });
    }
  });

  it('refuses to listen beyond loopback with the demo secret, saying what to set', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'kasuwa.lan']) {
      expect(isLoopback(host)).toBe(false);
      expect(() => stackKeys(host, undefined)).toThrow(UnsafeConfigError);
      expect(() => stackKeys(host, JWT_SECRET)).toThrow(/JWT_SECRET/);
    }
  });

  it('refuses a short secret', () => {
    expect(() => stackKeys('0.0.0.0', 'short-secret')).toThrow(/at least 32 characters/);
  });

  it('signs anon and service_role keys with the secret, the same every time', async () => {
    const keys = stackKeys('0.0.0.0', SECRET);
    expect(keys.generated).toBe(true);
    expect(stackKeys('0.0.0.0', SECRET)).toEqual(keys);
    const secret = new TextEncoder().encode(SECRET);
    expect((await jwtVerify(keys.anonKey, secret)).payload.role).toBe('anon');
    expect((await jwtVerify(keys.serviceRoleKey, secret)).payload.role).toBe('service_role');
    expect(decodeJwt(keys.serviceRoleKey).exp).toBeGreaterThan(Date.now() / 1000);
    await expect(jwtVerify(keys.serviceRoleKey, new TextEncoder().encode(JWT_SECRET))).rejects.toThrow();
  });
});
