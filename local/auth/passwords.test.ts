import { describe, expect, it } from 'vitest';
import { hashPassword, passwordWeakness, verifyPassword } from './passwords.ts';

// extensions.crypt('kasuwa-demo-2026', extensions.gen_salt('bf')), as seed.sql creates the demo user.
const PGCRYPTO_HASH = '$2a$06$6yhCZSirnTrQlZZsmnUXK.ATqhBaTeDRjjZhJU9lBBu3EbDXUw.lO';

describe('passwords', () => {
  it('verifies hashes written by pgcrypto', async () => {
    expect(await verifyPassword('kasuwa-demo-2026', PGCRYPTO_HASH)).toBe(true);
    expect(await verifyPassword('kasuwa-demo-2025', PGCRYPTO_HASH)).toBe(false);
  });

  it('writes cost-10 bcrypt with the $2a$ prefix pgcrypto and GoTrue use', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2a\$10\$.{53}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
  });

  it('treats a user without a password as never matching', async () => {
    expect(await verifyPassword('', '')).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });

  it('measures the minimum length in bytes, as GoTrue does', () => {
    expect(passwordWeakness('1234567', 8)?.extra).toEqual({ weak_password: { reasons: ['length'] } });
    expect(passwordWeakness('a2345678', 8)).toBeUndefined();
    expect(passwordWeakness('éèéè', 8)).toBeUndefined();
  });

  it('refuses the most common passwords and one character repeated, as GoTrue refuses pwned ones', () => {
    for (const common of ['12345678', 'Password1', 'AZERTYUIOP', 'éééé', 'aaaaaaaaaaaa']) {
      expect(passwordWeakness(common, 8)?.extra).toEqual({ weak_password: { reasons: ['pwned'] } });
    }
    // The demo login's password stays usable.
    expect(passwordWeakness('kasuwa-demo-2026', 8)).toBeUndefined();
  });
});
