// The built SPA (web/dist) with history fallback: a path that is not a file gets index.html. The page is
// told the stack's anon key (a <meta> the app reads, web/src/lib/supabase.ts): with a JWT_SECRET of one's
// own the key is signed at start-up, so an app built before still talks to the stack it is served by. A
// stack started with a captcha provider names it the same way, and the page's policy follows.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { acceptsGzip, type Handler } from './http.ts';
import { contentSecurityPolicy, SECURITY_HEADERS } from './security-headers.ts';
import {
  CAPTCHA_META,
  CAPTCHA_SITE_KEY_META,
  type CaptchaSettings,
  captchaMetas,
} from '../packages/shared/captcha.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.ttf',
]);
const gzipAsync = promisify(gzip);

/** The page with the stack's anon key in a <meta> (not a script: the page's policy runs none inline). */
export function withAnonKey(html: string, anonKey: string): string {
  const meta = `<meta name="supabase-anon-key" content="${anonKey.replace(/[^A-Za-z0-9._-]/g, '')}" />`;
  return html.replace(/<\/head>/i, `${meta}</head>`);
}

/** The page naming the stack's captcha provider and site key instead of any it was built with. */
export function withCaptcha(html: string, captcha: CaptchaSettings): string {
  const built = new RegExp(`<meta\\s+name="(?:${CAPTCHA_META}|${CAPTCHA_SITE_KEY_META})"[^>]*>`, 'g');
  const metas = captchaMetas(captcha).map((m) => `<meta name="${m.name}" content="${m.content}" />`);
  return html.replace(built, '').replace(/<\/head>/i, `${metas.join('')}</head>`);
}

export function createStatic(
  distDir: string,
  opts: { anonKey?: string; captcha?: CaptchaSettings } = {},
): Handler {
  const page = (html: string) => {
    const keyed = opts.anonKey ? withAnonKey(html, opts.anonKey) : html;
    return opts.captcha ? withCaptcha(keyed, opts.captcha) : keyed;
  };
  const read = (file: string) =>
    path.extname(file) === '.html'
      ? readFile(file, 'utf8').then((html) => Buffer.from(page(html)))
      : readFile(file);
  // Built files never change while the stack runs; compress each once (phones on 3G pay per byte).
  // (Keyed by modification time too: a rebuild while the stack runs serves the new index.html.)
  const gzipped = new Map<string, Promise<Buffer>>();
  const compressed = (file: string, mtimeMs: number) => {
    const key = `${file}@${mtimeMs}`;
    let p = gzipped.get(key);
    if (!p) {
      p = read(file).then((b) => gzipAsync(b, { level: 9 }));
      gzipped.set(key, p);
    }
    return p;
  };
  // The page's policy, computed from the page as it is served (once per build).
  const policies = new Map<string, Promise<string>>();
  const policy = (file: string, mtimeMs: number) => {
    const key = `${file}@${mtimeMs}`;
    let p = policies.get(key);
    if (!p) {
      p = read(file).then((html) => contentSecurityPolicy(html.toString('utf8')));
      policies.set(key, p);
    }
    return p;
  };

  return async (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      // Malformed percent-encoding (%E0%A4%A) names no file and no route.
      res.writeHead(400, { 'content-type': 'text/plain', ...SECURITY_HEADERS }).end('Bad request');
      return;
    }
    let file = path.join(distDir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(distDir)) file = distDir;
    let info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      // Missing assets are 404s; every other path is a client-side route.
      if (url.pathname.startsWith('/assets/')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = path.join(distDir, 'index.html');
      info = await stat(file).catch(() => null);
      if (!info) {
        res
          .writeHead(503, { 'content-type': 'text/plain' })
          .end('The web app is not built: run `npm run build`.');
        return;
      }
    }
    const ext = path.extname(file);
    const immutable = url.pathname.startsWith('/assets/');
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      ...(ext === '.html' && { 'content-security-policy': await policy(file, info.mtimeMs) }),
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      // Hashed assets never change; the shell and the service worker must be revalidated.
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
    };
    if (COMPRESSIBLE.has(ext) && acceptsGzip(req)) {
      const body = await compressed(file, info.mtimeMs);
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (ext === '.html') {
      const body = await read(file);
      res.writeHead(200, { ...headers, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': info.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}
