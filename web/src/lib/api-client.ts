// Calls to the app's /api surface (spec section 7): the session's JWT and the current organization go
// along; a non-success answer becomes an Error whose message is "<status>: <body text or status text>",
// which is how the app recognises "401: …Unauthorized…".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
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

async function apiResponse<T>(path: string, init: ApiInit): Promise<{ body: T; headers: Headers }> {
  const { supabase } = await import('./supabase.ts');
  const { data } = await supabase.auth.getSession();
  const headers: Record<string, string> = {};
  if (data.session) headers.Authorization = `Bearer ${data.session.access_token}`;
  const orgId = init.orgId ?? currentOrgId;
  if (orgId) headers['x-org-id'] = orgId;
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    credentials: 'include',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let parsed: { code?: string; message?: string; details?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: the message is the text itself.
    }
    throw new ApiError(res.status, `${res.status}: ${text}`, parsed.code, parsed.details);
  }
  return { body: (res.status === 204 ? null : await res.json()) as T, headers: res.headers };
}

/** The server's human message of an API error ("Error" toasts carry it), or the error's own. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.message.replace(/^\d+: /, '');
    try {
      return (JSON.parse(body) as { message?: string }).message ?? body;
    } catch {
      return body;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}
