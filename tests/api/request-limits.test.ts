// /api's request limits: a body over 1 MB (8 MB for the CSV import) is refused with 413 and its
// reason before it is read whole, JSON nested deeper than 32 levels is 400 before it is parsed, and a
// malformed address is 400 — while everyone else's calls keep working.
import { describe, expect, it } from 'vitest';
import { SUPABASE_URL } from '../env.ts';
import { json } from './helpers.ts';
import { call, owner } from './org-helpers.ts';

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${SUPABASE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('/api request limits', () => {
  it('refuses a body over 1 MB with 413 and BODY_TOO_LARGE, and one over 8 MB before the function sees it', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_200_000) });
    const res = await post('/auth/login', big);
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      reason: 'BODY_TOO_LARGE',
      params: { maxKb: 1000 },
    });

    const huge = await post('/auth/login', new Uint8Array(50_000_000).fill(0x20));
    expect(huge.status).toBe(413);
    expect(await json(huge)).toMatchObject({ reason: 'BODY_TOO_LARGE' });

    // Streamed without a declared length, it is cut off as it passes the limit.
    const chunk = new Uint8Array(1_000_000).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await fetch(`${SUPABASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(40);

    // Meanwhile a member's calls are answered.
    const o = await owner();
    expect((await call('/dashboard', { token: o.token })).status).toBe(200);
  });

  it('takes a CSV import of several megabytes', async () => {
    const o = await owner();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: `Product ${i} ${'x'.repeat(250)}`,
      sku: `SKU-${i}`,
      price: '100',
    }));
    const body = JSON.stringify({ rows });
    expect(body.length).toBeGreaterThan(1_000_000);
    const res = await call('/products/import', { token: o.token, body: { rows } });
    // Over the plan's 100 products, but read and judged, not refused for its size.
    expect(res.status).not.toBe(413);
  });

  it('refuses JSON nested deeper than 32 levels, and a malformed address, with 400', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await post('/auth/login', deep);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ reason: 'JSON_TOO_DEEP', params: { max: 32 } });
    const nested = await post('/auth/login', JSON.stringify({ email: 'a@b.co', password: [[[[[['x']]]]]] }));
    expect(nested.status).toBe(400);
    expect((await json(nested)).reason).not.toBe('JSON_TOO_DEEP');

    const malformed = await fetch(`${SUPABASE_URL}/api/invoices/%E0%A4%A`, { method: 'GET' });
    expect(malformed.status).toBe(400);
  });
});
