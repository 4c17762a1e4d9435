// Property-based tests (fast-check) of the outbox's ids: every queued change gets a UUIDv7, and the
// outbox relies on two facts about them — the id carries the moment it was made, and a later moment's id
// sorts after an earlier one's — so a replay in id order is a replay in the order things were done.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid.ts';

const moment = fc.integer({ min: 0, max: 2 ** 48 - 1 });
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7 (property-based)', () => {
  it('is a version 7, variant 1 UUID that gives back its moment, for any moment', () => {
    fc.assert(
      fc.property(moment, (ms) => {
        const id = uuidv7(ms);
        expect(id).toMatch(UUID_V7);
        expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(ms);
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts ids of any later moment after those of any earlier one', () => {
    fc.assert(
      fc.property(fc.uniqueArray(moment, { minLength: 2, maxLength: 50 }), (moments) => {
        const byTime = [...moments].sort((a, b) => a - b).map((ms) => uuidv7(ms));
        expect([...byTime].sort()).toEqual(byTime);
      }),
    );
  });
});
