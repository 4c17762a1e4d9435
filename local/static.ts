// The built SPA (web/dist) with history fallback: a path that is not a file gets index.html.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Handler } from './http.ts';

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
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

export function createStatic(distDir: string): Handler {
  return async (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let file = path.join(
      distDir,
      path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''),
    );
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
    res.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'content-length': info.size,
      // Hashed assets never change; the shell and the service worker must be revalidated.
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}
