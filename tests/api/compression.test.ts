// The /api answers travel gzipped to a caller that takes gzip, as Supabase's gateway sends them: a phone on
// 3G pays for every byte of a list. Small answers and callers that do not take gzip get them as they are.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SUPABASE_URL } from '../env.ts';
import { call, owner, type Owner } from './org-helpers.ts';

/** GET /api<path> as raw bytes (no client that would decompress it), with or without gzip accepted. */
function raw(o: Owner, path: string, acceptEncoding?: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(`${SUPABASE_URL}/api${path}`, {
      headers: {
        authorization: `Bearer ${o.token}`,
        'x-org-id': o.orgId,
        ...(acceptEncoding && { 'accept-encoding': acceptEncoding }),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('answers gzipped on their way to the caller', () => {
  it('sends a list gzipped to a browser, and the same list as is to a caller that does not take gzip', async () => {
    const o = await owner();
    for (let i = 0; i < 8; i++) {
      const res = await call('/customers', {
        token: o.token,
        orgId: o.orgId,
        key: randomUUID(),
        body: { name: `Customer number ${i} of the wholesale market`, email: `c${i}@example.com` },
      });
      expect(res.status).toBe(201);
    }
    const plain = await raw(o, '/customers?offset=0&limit=25');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = JSON.parse(plain.body.toString());
    expect(list.length).toBe(8);
    expect(plain.body.length).toBeGreaterThan(1024);

    const zipped = await raw(o, '/customers?offset=0&limit=25', 'gzip, deflate, br');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-length']).toBeUndefined();
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.headers['x-total-count']).toBe('8');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(list);
  });

  it('leaves a small answer as it is: gzip would save less than it costs', async () => {
    const o = await owner();
    const small = await raw(o, '/preferences', 'gzip');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
    expect(small.body.length).toBeLessThan(1024);
    expect(JSON.parse(small.body.toString())).toHaveProperty('theme');
  });
});
