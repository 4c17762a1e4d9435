import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

function limiterAt(limit: number) {
  const clock = { now: 0 };
  return { clock, limiter: new RateLimiter(limit, FIVE_MINUTES, () => clock.now) };
}

describe('RateLimiter', () => {
  it('allows a burst of the whole budget, then refuses', () => {
    const { limiter } = limiterAt(3);
    expect([1, 2, 3, 4].map(() => limiter.allow('1.2.3.4'))).toEqual([true, true, true, false]);
  });

  it('keeps one budget per address', () => {
    const { limiter } = limiterAt(1);
    expect(limiter.allow('1.1.1.1')).toBe(true);
    expect(limiter.allow('2.2.2.2')).toBe(true);
    expect(limiter.allow('1.1.1.1')).toBe(false);
  });

  it('gives one request back every window / limit', () => {
    const { clock, limiter } = limiterAt(30);
    for (let i = 0; i < 30; i++) limiter.allow('ip');
    expect(limiter.allow('ip')).toBe(false);
    clock.now += FIVE_MINUTES / 30 - 1;
    expect(limiter.allow('ip')).toBe(false);
    clock.now += 1;
    expect(limiter.allow('ip')).toBe(true);
    expect(limiter.allow('ip')).toBe(false);
  });

  it('refills to the budget and no further after a quiet window', () => {
    const { clock, limiter } = limiterAt(2);
    limiter.allow('ip');
    limiter.allow('ip');
    clock.now += 10 * FIVE_MINUTES;
    expect([1, 2, 3].map(() => limiter.allow('ip'))).toEqual([true, true, false]);
  });

  it('refused requests do not consume the budget', () => {
    const { clock, limiter } = limiterAt(1);
    limiter.allow('ip');
    for (let i = 0; i < 5; i++) limiter.allow('ip');
    clock.now += FIVE_MINUTES;
    expect(limiter.allow('ip')).toBe(true);
  });
});

describe('RateLimiter.peek', () => {
  it('tells whether a request is left without taking one', () => {
    const { limiter } = limiterAt(1);
    expect([limiter.peek('a'), limiter.peek('a')]).toEqual([true, true]);
    expect(limiter.allow('a')).toBe(true);
    expect(limiter.peek('a')).toBe(false);
    expect(limiter.peek('b')).toBe(true);
  });
});
