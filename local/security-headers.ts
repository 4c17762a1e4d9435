// The headers every page and file of the app is served with: a strict Content-Security-Policy on the HTML
// (scripts from the app's own origin only — the page's two inline scripts, which apply the theme and the
// language before the first paint and start the app, are allowed by their SHA-256, computed from the page
// served), no framing, no MIME sniffing, the
// referrer kept to the origin across sites, and the browser features the app uses (the camera, for barcode
// scanning) and no others. A page built with a captcha provider may also load that provider's widget.
import { createHash } from 'node:crypto';
import { CAPTCHA_PROVIDERS, captchaProviderOf } from '../packages/shared/captcha.ts';

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The policy for an HTML page: its inline scripts allowed by hash, nothing else inline but styles. The app
 * talks to its own origin, and to `connect` (a hosted project's Auth, Data API and functions) when built for
 * one (local/host-config.ts). A page built with a captcha provider (its <meta>, packages/shared/captcha.ts)
 * may load that provider's script, frames, styles and requests, and no other's; without one, none.
 */
export function contentSecurityPolicy(html: string, connect: string[] = []): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  const provider = captchaProviderOf(html);
  const captcha: readonly string[] = provider ? CAPTCHA_PROVIDERS[provider].origins : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes, ...captcha].join(' '),
    // Libraries set styles at run time (positions, transitions): inline styles only, never inline script.
    ["style-src 'self' 'unsafe-inline'", ...captcha].join(' '),
    // A business's logo is kept as a data: URL; a PDF is handed over as a blob: URL.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect, ...captcha].join(' '),
    // The captcha widget draws its challenge in the provider's frames.
    ...(captcha.length ? [['frame-src', ...captcha].join(' ')] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
