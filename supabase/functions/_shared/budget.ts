// Per-address budgets for the routes anyone can call without an account. Each request spends one before it
// is served (public.take_request_budget, its own committed call); past the budget the answer is 429
// RATE_LIMITED with Retry-After, the seconds until the address's window ends. Counts are kept in the
// database, so every function instance shares them.
import { adminClient } from './clients.ts';
import { AppError } from './errors.ts';
import { fromPostgrest } from './refusals.ts';

const WINDOW_SECONDS = 300;

/**
 * Requests per address per 5 minutes. Generous, since a mobile operator puts many people behind one
 * address: registration as Auth's own sign-up budget (30), and a shared invoice, statement or invitation
 * (300: one a second, where a flood of them was hundreds).
 */
const BUDGETS = {
  register: Number(Deno.env.get('API_RATE_LIMIT_REGISTER') ?? 30),
  public: Number(Deno.env.get('API_RATE_LIMIT_PUBLIC') ?? 300),
} as const;

export type Budget = keyof typeof BUDGETS;

/** The caller's address: the first of X-Forwarded-For, which the gateway (or the local stack) sets. */
export function callerAddress(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}

/**
 * Whose budget an address spends: an IPv4 address its own; an IPv6 address its /64, since one subscriber
 * holds a whole /64 (or more) and could otherwise take a new address for every request.
 */
export function budgetHolder(address: string): string {
  const plain = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups = [
    ...before,
    ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'),
    ...after,
  ];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Spends one request of the caller's budget, or refuses with 429 and when to come back. */
export async function spendBudget(req: Request, budget: Budget): Promise<void> {
  const { data: wait, error } = await adminClient().rpc('take_request_budget', {
    p_bucket: budget,
    p_address: budgetHolder(callerAddress(req)),
    p_limit: BUDGETS[budget],
    p_window_seconds: WINDOW_SECONDS,
  });
  if (error) throw fromPostgrest(error);
  if (wait > 0)
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests from this address; try again in ${wait} s`,
      undefined,
      { reason: 'TOO_MANY_REQUESTS', params: { minutes: Math.ceil(wait / 60) } },
      wait,
    );
}
