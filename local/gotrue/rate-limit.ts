// Per-address request budgets over a sliding 5-minute window, as GoTrue limits sign-ins and refreshes.
export class RateLimiter {
  readonly #hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 5 * 60_000,
  ) {}

  /** Records a request from `key`; false when it is over the budget. */
  allow(key: string, now = Date.now()): boolean {
    const recent = (this.#hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.#hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.#hits.set(key, recent);
    return true;
  }
}
