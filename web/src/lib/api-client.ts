// Calls to the app's /api surface (supabase/functions/api): the session's JWT and the current organization go
// along; a non-success answer becomes an ApiError whose message is "<status>: <body text or status text>",
// which is how the app recognises "401: …Unauthorized…", and which keeps the body's code, reason code,
// parameters and field (docs/decisions/005-error-codes-end-to-end.md) for the app to translate.

import { reportReachable } from './connection.ts';
import { freshStoredToken } from './session/stored-session.ts';

/**
 * Where /api/* is reached: on the app's own origin by default (the local stack, or a static host that
 * rewrites /api/* to the project's `api` function), or, with VITE_API_URL set at build time, directly at the
 * project's functions URL (`https://<ref>.supabase.co/functions/v1`; the function answers CORS).
 */
const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

/** The URL of an /api path (`/api/…`), where this build reaches it. */
export const apiUrl = (path: string): string => `${API_URL}${path}`;

/** What an error answer says, besides its English message (for logs only). */
export interface ErrorBody {
  code?: string;
  reason?: string;
  params?: Record<string, unknown>;
  field?: string;
  details?: unknown;
}

/** The session a registration answers (Auth's sign-up started it), for supabase.auth.setSession. */
export interface StartedSession {
  access_token: string;
  refresh_token: string;
}

export class ApiError extends Error {
  readonly code?: string;
  readonly reason?: string;
  readonly params?: Record<string, unknown>;
  readonly field?: string;
  readonly details?: unknown;
  constructor(
    readonly status: number,
    message: string,
    body: ErrorBody = {},
  ) {
    super(message);
    this.code = body.code;
    this.reason = body.reason;
    this.params = body.params;
    this.field = body.field;
    this.details = body.details;
  }
  /** The body's parts, to keep (the outbox stores them) and build the error again. */
  get body(): ErrorBody {
    const { code, reason, params, field, details } = this;
    return { code, reason, params, field, details };
  }
}

let currentOrgId: string | null = null;
export function setApiOrganization(orgId: string | null): void {
  currentOrgId = orgId;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  /** The organization the call is for (default: the current one). */
  orgId?: string;
  /** The client-generated id of a write, so a repeat is applied once (offline outbox). */
  idempotencyKey?: string;
}

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  return (await apiResponse<T>(path, init)).body;
}

/** A page of a list and the total the server counted (x-total-count). */
export async function apiList<T>(path: string, init: ApiInit = {}): Promise<{ rows: T[]; total: number }> {
  const { body, headers } = await apiResponse<T[]>(path, init);
  return { rows: body, total: Number(headers.get('x-total-count') ?? body.length) };
}

/** How many /api calls are waiting for their answer, and who waits for there to be none. */
let inFlight = 0;
let whenNoneInFlight: (() => void)[] = [];

/**
 * Resolves once no /api call is waiting for its answer (at once when none is), the first screen's reads that
 * index.html started included: the app may not have asked for them yet (its code is still coming).
 */
export async function apiSettled(): Promise<void> {
  const page = window as {
    kasuwaReadsStarted?: Promise<unknown>;
    kasuwaReads?: Record<string, StartedRead | null>;
  };
  await page.kasuwaReadsStarted;
  await Promise.all(
    Object.values(page.kasuwaReads ?? {}).map((read) =>
      read?.answer.then(
        () => {},
        () => {},
      ),
    ),
  );
  if (inFlight === 0) return;
  return new Promise((resolve) => whenNoneInFlight.push(resolve));
}

async function apiResponse<T>(path: string, init: ApiInit): Promise<{ body: T; headers: Headers }> {
  inFlight++;
  try {
    return await sendApi<T>(path, init);
  } finally {
    if (--inFlight === 0) {
      const waiting = whenNoneInFlight;
      whenNoneInFlight = [];
      waiting.forEach((resolve) => resolve());
    }
  }
}

async function sendApi<T>(path: string, init: ApiInit): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  const token = freshStoredToken() ?? (await sessionToken());
  if (token) headers.Authorization = `Bearer ${token}`;
  const orgId = init.orgId ?? currentOrgId;
  if (orgId) headers['x-org-id'] = orgId;
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  return answerOf<T>(
    (method === 'GET' && startedRead(path, orgId)) ||
      fetch(apiUrl(path), {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
  );
}

/** A read index.html started for the first screen, beside the app's code (web/src/app/first-reads.ts). */
interface StartedRead {
  orgId: string;
  /** When it was started (ms since 1970). */
  at: number;
  answer: Promise<Response>;
}

/**
 * The answer index.html is already reading for `path`, for the same organization, while it is fresh (the page
 * was opened moments ago); else nothing, and the call is made as usual. Only the app's first call for a path
 * may take it: that call leaves `null` in its place, and index.html starts no read for a path the app has
 * asked for already. A later call (a refresh after a write) never gets an answer read before the write.
 */
function startedRead(path: string, orgId: string | null): Promise<Response> | undefined {
  const reads = (window as { kasuwaReads?: Record<string, StartedRead | null> }).kasuwaReads;
  if (!reads) return undefined;
  const read = reads[path];
  reads[path] = null;
  return read && read.orgId === orgId && Date.now() - read.at < 10_000 ? read.answer : undefined;
}

/**
 * The body and headers of an /api answer, or the ApiError it stands for; a request that reached nothing says
 * the server is out of reach (also a request index.html started before the app's code: /api/auth/user).
 */
export async function answerOf<T>(request: Promise<Response>): Promise<{ body: T; headers: Headers }> {
  let res: Response;
  try {
    res = await request;
  } catch (e) {
    // No way through to the server, whatever the browser says about the network.
    reportReachable(false);
    throw e;
  }
  reportReachable(true);
  if (!res.ok) throw await apiErrorOf(res);
  return { body: (res.status === 204 ? null : await res.json()) as T, headers: res.headers };
}

/** The session's access token from supabase-js, refreshed first when it is about to expire. */
async function sessionToken(): Promise<string | undefined> {
  const { supabase } = await import('./supabase.ts');
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token;
}

/** The ApiError of a non-success answer: its status, and the code, reason and parameters its body names. */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  const text = (await res.text()) || res.statusText;
  let parsed: ErrorBody = {};
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object') parsed = json as ErrorBody;
  } catch {
    // Not JSON: there is nothing but the status to go by.
  }
  const { code, reason, params, field, details } = parsed;
  return new ApiError(res.status, `${res.status}: ${text}`, { code, reason, params, field, details });
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** How long a check made before saving waits for the server before it reads what the device keeps. */
export const CHECK_WAIT_MS = 4_000;

/**
 * The answer, or a failure after `ms` on a line that answers nothing: a check made before saving (a
 * reference or a customer already on file) then reads what the device keeps instead of keeping the member
 * waiting.
 */
export function answerWithin<T>(answer: Promise<T>, ms = CHECK_WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('No answer in time')), ms);
  });
  return Promise.race([answer, slow]).finally(() => clearTimeout(timer));
}
