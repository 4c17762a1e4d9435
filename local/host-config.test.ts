import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hostConfig } from './host-config.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

const script = "document.documentElement.dataset.theme='light'";
const html = `<!doctype html><html><head><script>${script}</script><script type="module" src="/assets/index-1.js"></script></head></html>`;
const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The headers a `_headers` file gives a path, block by block. */
function headersFile(text: string): Record<string, Record<string, string>> {
  const blocks: Record<string, Record<string, string>> = {};
  let current: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!line.startsWith(' ')) blocks[line] = current = {};
    else {
      const [name, ...value] = line.trim().split(': ');
      current[name!] = value.join(': ');
    }
  }
  return blocks;
}

describe('the static host configuration written with the build', () => {
  it('for a hosted project: /api/* goes to its api function, every other path is the app, with the headers the local stack sends', () => {
    const files = hostConfig(html, { supabaseUrl: 'https://abcd.supabase.co/' });
    expect(files._redirects.trim().split('\n')).toEqual([
      '/api/*  https://abcd.supabase.co/functions/v1/api/:splat  200',
      '/*  /index.html  200',
    ]);
    const blocks = headersFile(files._headers);
    const all = blocks['/*']!;
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(Object.entries(all).find(([n]) => n.toLowerCase() === name)?.[1]).toBe(value);
    const csp = all['Content-Security-Policy']!;
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).toContain("connect-src 'self' https://abcd.supabase.co;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(blocks['/assets/*']).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    // No two rules set one header (Cloudflare Pages would join them).
    expect(Object.keys(all)).not.toContain('Cache-Control');

    const vercel = JSON.parse(files['vercel.json']);
    expect(vercel.rewrites).toEqual([
      { source: '/api/:path*', destination: 'https://abcd.supabase.co/functions/v1/api/:path*' },
      { source: '/(.*)', destination: '/index.html' },
    ]);
    const vercelAll = vercel.headers.find((h: { source: string }) => h.source === '/(.*)').headers;
    expect(vercelAll).toContainEqual({ key: 'Content-Security-Policy', value: csp });
    expect(vercelAll).toContainEqual({ key: 'X-Frame-Options', value: 'DENY' });
  });

  it('for a build that calls the functions on their own origin: no /api rewrite, and the page may connect there', () => {
    const files = hostConfig(html, {
      supabaseUrl: 'https://abcd.supabase.co',
      apiUrl: 'https://abcd.supabase.co/functions/v1',
    });
    expect(files._redirects.trim()).toBe('/*  /index.html  200');
    expect(JSON.parse(files['vercel.json']).rewrites).toEqual([
      { source: '/(.*)', destination: '/index.html' },
    ]);
    expect(headersFile(files._headers)['/*']!['Content-Security-Policy']).toContain(
      "connect-src 'self' https://abcd.supabase.co;",
    );
  });

  it('for the local stack (no project): the app on every path and the page connects to its own origin only', () => {
    const files = hostConfig(html, {});
    expect(files._redirects.trim()).toBe('/*  /index.html  200');
    expect(headersFile(files._headers)['/*']!['Content-Security-Policy']).toContain("connect-src 'self';");
  });

  it('lets a page built with a captcha provider load that provider’s widget, and a page built without none', () => {
    const built = (provider: string) =>
      html.replace('</head>', `<meta name="kasuwa-captcha-provider" content="${provider}"></head>`);
    const policy = (page: string) => {
      const csp = headersFile(hostConfig(page, {})._headers)['/*']!['Content-Security-Policy']!;
      return Object.fromEntries(
        csp.split('; ').map((d) => {
          const [name, ...sources] = d.split(' ');
          return [name!, sources];
        }),
      );
    };

    const hcaptcha = policy(built('hcaptcha'));
    for (const directive of ['script-src', 'frame-src', 'style-src', 'connect-src'])
      expect(hcaptcha[directive]).toEqual(
        expect.arrayContaining(['https://hcaptcha.com', 'https://*.hcaptcha.com']),
      );
    expect(hcaptcha['script-src']).toContain(hash);
    expect(JSON.stringify(hcaptcha)).not.toContain('cloudflare');

    const turnstile = policy(built('turnstile'));
    expect(turnstile['script-src']).toEqual(["'self'", hash, 'https://challenges.cloudflare.com']);
    expect(turnstile['frame-src']).toEqual(['https://challenges.cloudflare.com']);
    expect(JSON.stringify(turnstile)).not.toContain('hcaptcha');

    // Without a provider (or with one the app does not know), no other origin and no frames at all.
    for (const page of [html, built('recaptcha')]) {
      const none = policy(page);
      expect(none['script-src']).toEqual(["'self'", hash]);
      expect(none['frame-src']).toBeUndefined();
      expect(none['default-src']).toEqual(["'self'"]);
    }
  });
});
