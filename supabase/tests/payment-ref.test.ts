// The app and the database read a payment's reference the same way (packages/shared/payment-ref.ts and
// private.payment_ref_key): what the device finds among its queued payments is what the server finds.
import { describe, expect, it } from 'vitest';
import { paymentRefKey } from '../../packages/shared/payment-ref.ts';
import { asOwner } from './harness.ts';

const samples = [
  'WAVE-TX-90001',
  ' wave-tx 90001 ',
  'MP231128.1234.A12345',
  'OM\u00a0123\u202f456',
  'tab\there\nnewline',
  'ÉCHÉANCE-Ọ1',
  '',
  '   ',
  null,
];

describe('a payment reference key', () => {
  it('is the same in the app and in the database', async () => {
    const keys = await asOwner((sql) =>
      sql<{ k: string | null }>(
        `select private.payment_ref_key(r) as k from unnest($1::text[]) with ordinality u(r, n) order by n`,
        [samples],
      ),
    );
    expect(keys.map((k) => k.k)).toEqual(samples.map(paymentRefKey));
    expect(paymentRefKey(' Wave-TX -90001 ')).toBe(paymentRefKey('WAVE-TX-90001'));
  });
});
