// Small HTTP helpers shared by the local stack's services (node:http, no framework).
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createGzip, type Gzip } from 'node:zlib';

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

export class BodyTooLarge extends Error {}

/** Reads the whole request body; rejects with BodyTooLarge past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge(`Request body larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Whether the caller takes a gzipped body (every browser does). */
export const acceptsGzip = (req: IncomingMessage) =>
  /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

// Text, but not an event stream: that is sent as it comes, never held back.
const COMPRESSIBLE_TYPE =
  /^(application\/(json|javascript|xml|[\w.+-]+\+json)|text\/(?!event-stream)|image\/svg\+xml)/;
/** Below this a gzipped body saves less than its header and the work costs (the gateways' own threshold). */
const COMPRESS_FROM = 1024;

/**
 * How a relayed answer goes on to the caller: gzipped, with its headers changed to say so, when it is text of
 * a kilobyte or more that the caller takes gzipped and the service did not compress itself, as Supabase's
 * gateway sends the functions' and PostgREST's answers (a phone on 3G pays per byte); else unchanged.
 */
export function compressedRelay(
  req: IncomingMessage,
  status: number,
  headers: IncomingHttpHeaders,
): { headers: OutgoingHttpHeaders; gzip: Gzip | null } {
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  const compress =
    req.method !== 'HEAD' &&
    status !== 204 &&
    status !== 304 &&
    !headers['content-encoding'] &&
    COMPRESSIBLE_TYPE.test(String(headers['content-type'] ?? '')) &&
    (length === undefined || length >= COMPRESS_FROM) &&
    acceptsGzip(req);
  if (!compress) return { headers, gzip: null };
  const { 'content-length': _length, ...rest } = headers;
  const vary = [rest.vary, 'Accept-Encoding'].filter(Boolean).join(', ');
  return { headers: { ...rest, 'content-encoding': 'gzip', vary }, gzip: createGzip() };
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The caller's address, for rate limits. The stack is reached directly, so it is the socket's, except for
 * a call relayed on this machine (the edge runtime signing someone in through /api/auth/login), which
 * names the person's address in X-Forwarded-For as Supabase's gateway does: otherwise everyone signing in
 * through the function would share one budget, and one guesser could lock them all out.
 */
export function clientIp(req: IncomingMessage): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  const forwarded = [req.headers['x-forwarded-for']].flat()[0]?.split(',')[0]?.trim();
  return forwarded && LOOPBACK.test(socket) ? forwarded : socket;
}

const EXPOSED = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'x-sb-error-code',
].join(', ');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which pages may call the stack's Data API and Auth from another origin: the app's own (the site URL),
 * those ALLOWED_ORIGINS lists (comma-separated), and pages on this machine (a dev server); no other site's.
 */
export function corsOriginCheck(siteUrl: string, allowedOrigins = ''): (origin: string) => boolean {
  const allowed = new Set(
    [siteUrl, ...allowedOrigins.split(',')]
      .map((o) => o.trim())
      .filter(Boolean)
      .flatMap((o) => {
        try {
          return [new URL(o).origin];
        } catch {
          return [];
        }
      }),
  );
  return (origin) => {
    if (allowed.has(origin)) return true;
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
    } catch {
      return false;
    }
  };
}

/**
 * CORS as Kong's plugin and PostgREST answer it — the requested headers echoed, the headers supabase-js
 * reads exposed — for the app's configured origins only (`allowed`), and never with credentials: sessions
 * travel in the Authorization header, so no page elsewhere can use a browser's cookies here. A page of
 * another origin gets no CORS headers, so its browser keeps the answer from it. Returns true when the
 * request was a preflight and is answered.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: (origin: string) => boolean,
): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  res.setHeader('Vary', 'Origin');
  if (!allowed(origin)) {
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204);
      res.end();
      return true;
    }
    return false;
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ??
        'authorization, apikey, content-type, x-client-info, x-supabase-api-version, prefer, accept-profile, content-profile, x-retry-count',
    );
    res.setHeader('Access-Control-Max-Age', '86400');
    res.writeHead(204);
    res.end();
    return true;
  }
  return false;
}
