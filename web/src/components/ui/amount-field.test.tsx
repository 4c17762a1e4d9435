// @vitest-environment happy-dom
// The amount field as a shop owner types in it: either decimal separator is read, the amount is shown back
// their way once they leave the field, and what cannot be an amount is refused under the field, in their
// language, and never reaches the form as a number.
import { screen } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/i18n.tsx';
import { plain, renderIn } from '@/test/render-in.tsx';
import { AmountField } from './amount-field.tsx';

type Rules = { currency?: string; decimals: number; negative?: boolean };

/** A form with one amount, and what the form holds (what its schema will read). */
function AmountForm(rules: Rules) {
  const form = useForm({ defaultValues: { amount: '' as unknown } });
  const held = useWatch({ control: form.control, name: 'amount' });
  return (
    <>
      <AmountField control={form.control} name="amount" label="Amount" {...rules} />
      <output data-testid="held">{String(held)}</output>
    </>
  );
}

/** Types `text` in the field and leaves it: what the field then shows, holds and says under it. */
async function typeIn(locale: Locale, rules: Rules, text: string) {
  const { user } = renderIn(locale, <AmountForm {...rules} />);
  const input = screen.getByLabelText<HTMLInputElement>('Amount');
  await user.type(input, text);
  await user.tab();
  const help = input.getAttribute('aria-describedby');
  return {
    shown: plain(input.value),
    held: screen.getByTestId('held').textContent,
    says: help ? plain(document.getElementById(help)?.textContent) : undefined,
    invalid: input.getAttribute('aria-invalid') === 'true',
  };
}

const naira: Rules = { currency: 'NGN', decimals: 2 };
const cfa: Rules = { currency: 'XOF', decimals: 0 };

describe('the amount field', () => {
  it.each([
    ['en', '1500.75', 1500.75, '1,500.75'],
    ['en', '1,500.75', 1500.75, '1,500.75'],
    ['en', '150,75', 150.75, '150.75'],
    ['fr', '1500,75', 1500.75, '1 500,75'],
    ['fr', '1 500,75', 1500.75, '1 500,75'],
    ['fr', '150.75', 150.75, '150,75'],
  ] as const)('in %s reads “%s” as %s and shows it back as “%s”', async (locale, typed, value, shown) => {
    const field = await typeIn(locale, naira, typed);
    expect(field).toEqual({ shown, held: String(value), says: undefined, invalid: false });
  });

  it.each([
    ['en', '12abc', 'Enter an amount like 150.75', naira],
    ['fr', '12abc', 'Saisissez un montant comme 150,75', naira],
    ['en', '10.505', 'At most 2 decimals, like 150.75', naira],
    ['fr', '10,505', '2 décimales au plus, comme 150,75', naira],
    ['en', '1500.5', 'XOF has no decimals: enter a whole amount', cfa],
    ['fr', '1500,5', 'Pas de décimales en XOF : saisissez un montant entier', cfa],
    ['en', '-5', 'Enter 0 or more', naira],
    ['fr', '-5', 'Saisissez 0 ou plus', naira],
  ] as const)('in %s refuses “%s” with “%s”, under the field', async (locale, typed, says, rules) => {
    const field = await typeIn(locale, rules, typed);
    expect(field.says).toBe(says);
    expect(field.invalid).toBe(true);
    // The form holds no number: its schema refuses it and nothing is saved.
    expect(field.held).toBe('NaN');
    // What was typed stays, to be corrected.
    expect(field.shown).toBe(typed);
  });

  it('says nothing while the amount is being typed, only once the field is left', async () => {
    const { user } = renderIn('en', <AmountForm {...naira} />);
    const input = screen.getByLabelText('Amount');
    await user.type(input, '12a');
    expect(input.getAttribute('aria-invalid')).toBe(null);
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
