// POST /token?grant_type=refresh_token with rotation and the CLI's 10 s reuse interval
// (docs/local-stack-protocol.md, "Refresh tokens: rotation and reuse"). The reuse-detection test waits
// past the interval.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, authFetch, expectError, json, PASSWORD, refresh, signUpUser } from './auth-helpers.ts';

const REUSE_INTERVAL_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function refreshed(token: string) {
  const res = await refresh(token);
  expect(res.status).toBe(200);
  return json(res);
}

describe('Auth refresh-token rotation', () => {
  it('swaps the refresh token for a new one in the same session', async () => {
    const { session } = await signUpUser();
    const next = await refreshed(session.refresh_token);
    expect(next).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: session.user.id } });
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(next.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect((await authFetch('/user', { token: next.access_token })).status).toBe(200);
  });

  it('gives back the current token to a client that presents its parent (a lost answer)', async () => {
    const { session } = await signUpUser();
    const next = await refreshed(session.refresh_token);
    const again = await refreshed(session.refresh_token);
    expect(again.refresh_token).toBe(next.refresh_token);
  });

  it('still honours an older revoked token within the reuse interval', async () => {
    const { session } = await signUpUser();
    const second = await refreshed(session.refresh_token);
    await refreshed(second.refresh_token);
    const reused = await refreshed(session.refresh_token);
    expect((await authFetch('/user', { token: reused.access_token })).status).toBe(200);
  });

  it(
    'refuses a token reused after the interval with refresh_token_already_used and revokes its family',
    async () => {
      const { session } = await signUpUser();
      const second = await refreshed(session.refresh_token);
      const third = await refreshed(second.refresh_token);
      await sleep(REUSE_INTERVAL_MS + 1500);
      await expectError(
        await refresh(session.refresh_token),
        400,
        'refresh_token_already_used',
        'Invalid Refresh Token: Already Used',
      );
      // The family is revoked: its newest token mints nothing, even within the reuse interval (the thief
      // or the victim, whoever refreshes next, gets no new session), and nor does any older one.
      await expectError(await refresh(third.refresh_token), 400, 'refresh_token_already_used');
      await expectError(await refresh(second.refresh_token), 400, 'refresh_token_already_used');
      await expectError(await refresh(session.refresh_token), 400, 'refresh_token_already_used');
      // supabase-js holding that newest token is signed out rather than handed a live session.
      const client = anonClient();
      const { error } = await client.auth.refreshSession({ refresh_token: third.refresh_token });
      expect(error?.code).toBe('refresh_token_already_used');
      expect((await client.auth.getSession()).data.session).toBeNull();
    },
    REUSE_INTERVAL_MS + 15_000,
  );

  it('refuses an unknown token with refresh_token_not_found and a malformed one with validation_failed', async () => {
    await expectError(
      await refresh('abcdefghijkl'),
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
    await expectError(await refresh('short'), 400, 'validation_failed', 'Refresh token is not valid');
  });

  it('supabase-js refreshSession returns a new session', async () => {
    const { email } = await signUpUser();
    const client = anonClient();
    const { data: signedIn } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toEqual(expect.any(String));
    expect(data.session?.refresh_token).not.toBe(signedIn.session?.refresh_token);
    expect(data.user?.id).toBe(signedIn.user?.id);
  });
});
