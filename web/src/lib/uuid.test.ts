import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid.ts';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID carrying its millisecond timestamp', () => {
    const id = uuidv7(Date.UTC(2026, 10, 22, 12, 0, 0));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 22, 12, 0, 0));
  });

  it('sorts ids of later moments after earlier ones, and never repeats', () => {
    const ids = [uuidv7(1_000), uuidv7(2_000), uuidv7(3_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000);
  });
});
