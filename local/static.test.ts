// The page is served with the stack's anon key, so an app built once talks to a stack signing its own keys.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createStatic } from './static.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'kasuwa-static-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('hands the page the anon key in a <meta>, gzipped or not, and leaves its policy as it was', async () => {
  const page = '<!doctype html><html><head><script>var x = 1;</script></head><body></body></html>';
  writeFileSync(path.join(dir, 'index.html'), page);
  const serve = createStatic(dir, { anonKey: 'aaa.bbb.ccc' });
  const server = createServer((req, res) => void serve(req, res, new URL(req.url!, 'http://localhost')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const encoding of ['identity', 'gzip']) {
      const res = await fetch(`${base}/sales`, { headers: { 'accept-encoding': encoding } });
      const html = await res.text();
      expect(html).toContain('<meta name="supabase-anon-key" content="aaa.bbb.ccc" /></head>');
      expect(res.headers.get('content-security-policy')).toContain("'sha256-");
    }
  } finally {
    server.close();
  }
});

it('names the stack’s captcha provider and site key instead of the build’s, and its policy lets that provider in', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'kasuwa-static-captcha-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="kasuwa-captcha-provider" content="turnstile">' +
      '<meta name="kasuwa-captcha-site-key" content="built-key"></head><body></body></html>',
  );
  const serve = createStatic(dist, {
    anonKey: 'aaa.bbb.ccc',
    captcha: { provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001"><script>' },
  });
  const server = createServer((req, res) => void serve(req, res, new URL(req.url!, 'http://localhost')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/login`);
    const html = await res.text();
    expect(html).toContain('<meta name="kasuwa-captcha-provider" content="hcaptcha" />');
    // Only what a site key is made of reaches the page.
    expect(html).toContain(
      '<meta name="kasuwa-captcha-site-key" content="10000000-ffff-ffff-ffff-000000000001script" />',
    );
    expect(html).not.toContain('turnstile');
    expect(html).not.toContain('built-key');
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toContain('https://*.hcaptcha.com');
    expect(policy).not.toContain('cloudflare');
  } finally {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }
});
