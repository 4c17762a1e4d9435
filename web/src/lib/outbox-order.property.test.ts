// Property-based tests (fast-check) of the outbox's pure rules: changes are numbered in the order they
// are made whatever the phone's clock does, and a change knows every row it refers to, wherever the id
// sits in its path or body and however it is written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idsUsed, nextSeq } from './outbox-order.ts';

describe('nextSeq (property-based)', () => {
  it('numbers changes in the order they are made, even when the clock goes back or stands still', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4_102_444_800_000 }), { minLength: 1 }), (clock) => {
        let last = 0;
        for (const now of clock) {
          const seq = nextSeq(now, last);
          expect(seq).toBeGreaterThan(last);
          expect(seq).toBeGreaterThanOrEqual(now * 1000);
          expect(Number.isSafeInteger(seq)).toBe(true);
          last = seq;
        }
      }),
    );
  });
});

const uuid = fc.uuid();
/** A JSON value with the given ids placed anywhere in it: values, keys, nested objects and arrays. */
const bodyWith = (ids: string[]) =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(...ids),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 6 })), tie('value'), {
      maxKeys: 4,
    }),
  })).value;

describe('idsUsed (property-based)', () => {
  it('finds every id in the path and anywhere in the body, in lower case, whatever its case', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(uuid, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        uuid,
        (ids, upper, pathId) => {
          const written = ids.map((id) => (upper ? id.toUpperCase() : id));
          const body = { first: written[0], rest: written.slice(1).map((id) => ({ nested: [id] })) };
          const found = idsUsed(`/invoices/${upper ? pathId.toUpperCase() : pathId}/issue`, body);
          expect(found).toEqual(new Set([pathId, ...ids].map((id) => id.toLowerCase())));
        },
      ),
    );
  });

  it('finds exactly the ids a body holds, at any depth, and nothing in a body without ids', () => {
    fc.assert(
      fc.property(fc.uniqueArray(uuid, { minLength: 1, maxLength: 4 }), (ids) => {
        fc.assert(
          fc.property(bodyWith(ids), (body) => {
            const text = JSON.stringify(body);
            const present = ids.filter((id) => text.includes(id));
            expect(idsUsed('/customers', body)).toEqual(new Set(present.map((id) => id.toLowerCase())));
          }),
          { numRuns: 20 },
        );
      }),
      { numRuns: 50 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        // Random JSON (numbers, short strings) holds no 36-character UUID by chance.
        fc.pre(!/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(JSON.stringify(body)));
        expect(idsUsed('/customers', body)).toEqual(new Set());
      }),
    );
  });
});
