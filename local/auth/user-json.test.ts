import { describe, expect, it } from 'vitest';
import { goTime, sortKeys } from './user-json.ts';

describe('goTime', () => {
  it('prints UTC with the microseconds Postgres keeps', () => {
    expect(goTime('2026-11-22T10:50:10.123456+00:00')).toBe('2026-11-22T10:50:10.123456Z');
  });

  it('converts other offsets to UTC without losing the fraction', () => {
    expect(goTime('2026-11-22T11:50:10.000123+01:00')).toBe('2026-11-22T10:50:10.000123Z');
  });

  it('trims trailing zeros and drops an empty fraction, like RFC3339Nano', () => {
    expect(goTime('2026-11-22T10:50:10.120000+00:00')).toBe('2026-11-22T10:50:10.12Z');
    expect(goTime('2026-11-22T10:50:10+00:00')).toBe('2026-11-22T10:50:10Z');
  });
});

describe('sortKeys', () => {
  it('orders keys as Go writes a map, at every depth', () => {
    const sorted = sortKeys({ sub: 1, email: { z: 1, a: [{ y: 1, b: 2 }] } });
    expect(JSON.stringify(sorted)).toBe('{"email":{"a":[{"b":2,"y":1}],"z":1},"sub":1}');
  });
});
