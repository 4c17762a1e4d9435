// Small HTTP helpers shared by the local stack's services (node:http, no framework).
import type { IncomingMessage, ServerResponse } from 'node:http';

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

/**
 * CORS as Kong's plugin and PostgREST answer it: any origin, the requested headers echoed, the
 * headers supabase-js reads exposed. Returns true when the request was a preflight and is answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
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
