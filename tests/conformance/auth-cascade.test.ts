// Deleting an auth user cascades through the app's foreign keys: the profile the sign-up trigger
// created goes with it. Checked through the Data API with the service role key.
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY, SUPABASE_URL } from '../env.ts';
import { adminFetch, signUpUser } from './auth-helpers.ts';

async function profiles(userId: string) {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/profiles?id=eq.${userId}&select=id,first_name`, {
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('Auth admin delete', () => {
  it("removes the user's profile row with the user", async () => {
    const { userId } = await signUpUser({ first_name: 'Akosua' });
    expect(await profiles(userId)).toEqual([{ id: userId, first_name: 'Akosua' }]);
    expect((await adminFetch(`/admin/users/${userId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await profiles(userId)).toEqual([]);
  });
});
