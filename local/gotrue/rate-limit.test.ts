import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows the budget within the window, refuses the next, and allows again once the window has passed', () => {
    const limiter = new RateLimiter(3, 1000);
    expect([0, 10, 20].map((t) => limiter.allow('1.2.3.4', t))).toEqual([true, true, true]);
    expect(limiter.allow('1.2.3.4', 30)).toBe(false);
    expect(limiter.allow('5.6.7.8', 30)).toBe(true);
    expect(limiter.allow('1.2.3.4', 1001)).toBe(true);
  });
});
