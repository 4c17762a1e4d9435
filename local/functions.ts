// Edge functions: the real function code under Deno (from npm), one runtime process per function started
// with that function's own deno.json (as Supabase deploys and runs each on its own), reached at
// /functions/v1/<name>/… and, for the `api` function, /api/…. The relay checks the JWT for functions with
// verify_jwt on, as Supabase's relay does, then forwards the request unchanged (its answer gzipped as the
// gateway does, see compressedRelay).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { ROOT, type StackConfig } from './config.ts';
import { clientIp, compressedRelay, sendJson, type Handler } from './http.ts';
import { bearerToken, verifyJwt } from './jwt.ts';
import type { SmtpSettings } from './mail/send.ts';

/** The largest request body relayed to a function (the `api` function's CSV import reads up to 8 MB). */
const RELAY_BODY_LIMIT = 8_000_000;
const TOO_LARGE = {
  code: 'PAYLOAD_TOO_LARGE',
  reason: 'BODY_TOO_LARGE',
  message: `The request body is larger than ${RELAY_BODY_LIMIT} bytes`,
  params: { maxKb: RELAY_BODY_LIMIT / 1000 },
};

export function denoBinary(): string {
  const platform = `${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch}`;
  const candidates = [
    path.join(
      ROOT,
      'node_modules',
      '@deno',
      `${platform}-glibc`.replace('darwin-x64-glibc', 'darwin-x64'),
      'deno',
    ),
    path.join(ROOT, 'node_modules', '@deno', platform, 'deno'),
  ];
  return candidates.find((c) => existsSync(c)) ?? path.join(ROOT, 'node_modules', '.bin', 'deno');
}

async function relayAuthError(header: string | undefined): Promise<string | null> {
  if (!header) return 'Error: Missing authorization header';
  const token = bearerToken(header);
  if (!token) return "Error: Auth header is not 'Bearer {token}'";
  return (await verifyJwt(token)).ok ? null : 'Invalid JWT';
}

/** The functions under supabase/functions: every folder with an index.ts whose name has no leading `_`. */
export function functionNames(functionsDir: string): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() && !d.name.startsWith('_') && existsSync(path.join(functionsDir, d.name, 'index.ts')),
    )
    .map((d) => d.name)
    .sort();
}

/** One Deno process for one function, with the function's own deno.json (as each is deployed). */
export async function startFunction(opts: {
  name: string;
  dir: string;
  env: Record<string, string>;
  log: (line: string) => void;
}): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    denoBinary(),
    [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--config',
      path.join(opts.dir, 'deno.json'),
      path.join(ROOT, 'local', 'deno', 'main.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...opts.env,
        FUNCTION_NAME: opts.name,
        FUNCTION_ENTRYPOINT: path.join(opts.dir, 'index.ts'),
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    // What the runtime printed until it was ready, to explain a failed start; after that, only logged.
    let out = '';
    let ready = false;
    const onData = (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.trim()) opts.log(`[functions] ${line}`);
      if (ready) return;
      out += d;
      const found = /edge runtime ready on port (\d+)/.exec(out);
      if (found) {
        ready = true;
        out = '';
        resolve(Number(found[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`The edge runtime of ${opts.name} exited (${code}):\n${out}`)),
    );
    child.once('error', reject);
  });
  return { child, port };
}

/** The stack's SMTP settings as the edge function's SMTP_URL. */
export function smtpUrl(smtp: SmtpSettings): string {
  const login = smtp.user ? `${encodeURIComponent(smtp.user)}:${encodeURIComponent(smtp.pass)}@` : '';
  const secure = smtp.port === 465 || smtp.port === 2465;
  return `${secure ? 'smtps' : 'smtp'}://${login}${smtp.host.includes(':') ? `[${smtp.host}]` : smtp.host}:${smtp.port}`;
}

export async function createFunctions(opts: {
  config: StackConfig;
  supabaseUrl: string;
  dbUrl: string;
  log: (line: string) => void;
}): Promise<{ handler: Handler; stop(): Promise<void> }> {
  const functionsDir = path.join(ROOT, 'supabase', 'functions');
  const env = {
    SUPABASE_URL: opts.supabaseUrl,
    SUPABASE_ANON_KEY: opts.config.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: opts.config.keys.serviceRoleKey,
    SUPABASE_DB_URL: opts.dbUrl,
    // The app's own mail goes where Auth's goes (this stack's catcher unless config.toml or SMTP_* name a
    // server), unless SMTP_URL says otherwise.
    SMTP_URL: process.env.SMTP_URL || smtpUrl(opts.config.mail.smtp),
    MAIL_FROM:
      process.env.MAIL_FROM || `${opts.config.mail.smtp.senderName} <${opts.config.mail.smtp.adminEmail}>`,
    SITE_URL: opts.config.siteUrl,
  };
  const ports = new Map<string, number>();
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }),
    );
  };
  try {
    for (const name of functionNames(functionsDir)) {
      const started = await startFunction({ name, dir: path.join(functionsDir, name), env, log: opts.log });
      children.push(started.child);
      ports.set(name, started.port);
    }
  } catch (e) {
    await stop();
    throw e;
  }

  const handler: Handler = async (req, res, url) => {
    const name = url.pathname.split('/')[1] ?? '';
    if (req.method !== 'OPTIONS' && (opts.config.functions[name]?.verifyJwt ?? true)) {
      const error = await relayAuthError(req.headers.authorization);
      if (error) return sendJson(res, 401, { msg: error });
    }
    const port = ports.get(name);
    if (port === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain;charset=UTF-8' });
      return void res.end('Function not found');
    }
    // No request body larger than the biggest a route reads (the CSV import's 8 MB) reaches the runtime: it
    // is refused on its declared length, or as soon as it passes the limit while it streams in.
    if (Number(req.headers['content-length']) > RELAY_BODY_LIMIT) {
      req.resume();
      return sendJson(res, 413, TOO_LARGE);
    }
    await new Promise<void>((resolve) => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port,
          method: req.method,
          path: url.pathname + url.search,
          // The function sees who called, as behind Supabase's gateway.
          headers: { ...req.headers, 'x-forwarded-for': clientIp(req) },
        },
        (up) => {
          const status = up.statusCode ?? 502;
          const { headers, gzip } = compressedRelay(req, status, up.headers);
          res.writeHead(status, headers);
          (gzip ? up.pipe(gzip) : up).pipe(res);
          up.on('end', resolve);
        },
      );
      upstream.on('error', (e) => {
        if (!res.headersSent) sendJson(res, 502, { code: 'BOOT_ERROR', message: e.message });
        resolve();
      });
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > RELAY_BODY_LIMIT && !upstream.destroyed) {
          upstream.destroy();
          req.unpipe(upstream);
          req.resume();
          if (!res.headersSent) sendJson(res, 413, TOO_LARGE);
          resolve();
        }
      });
      req.pipe(upstream);
    });
  };

  return { handler, stop };
}
