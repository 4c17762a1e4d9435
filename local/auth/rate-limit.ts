// Per-IP request budgets, as GoTrue enforces them: a token bucket per address that holds `limit`
// requests and refills at `limit` per window (5 minutes), so a burst of `limit` is allowed and then
// one request every window/limit.

const FIVE_MINUTES = 5 * 60 * 1000;
/** Above this many tracked addresses, full buckets are dropped (they are the same as no bucket). */
const PRUNE_ABOVE = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = FIVE_MINUTES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from `key`'s budget; false when the budget is spent. */
  allow(key: string): boolean {
    const at = this.now();
    const tokens = this.tokensAt(this.buckets.get(key), at);
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at });
    if (this.buckets.size > PRUNE_ABOVE) this.prune(at);
    return allowed;
  }

  /** Whether `key` has a request left, taking nothing from its budget. */
  peek(key: string): boolean {
    return this.tokensAt(this.buckets.get(key), this.now()) >= 1;
  }

  private tokensAt(bucket: Bucket | undefined, at: number): number {
    if (!bucket) return this.limit;
    const refilled = ((at - bucket.at) * this.limit) / this.windowMs;
    return Math.min(this.limit, bucket.tokens + refilled);
  }

  private prune(at: number): void {
    for (const [key, bucket] of this.buckets) {
      if (this.tokensAt(bucket, at) >= this.limit) this.buckets.delete(key);
    }
  }
}
