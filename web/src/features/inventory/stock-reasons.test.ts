// The stock ledger names every move by its reason: each reason the database can write (its enum, as
// generated) has a label in English and in French, so a new reason never shows a raw key.
import { describe, expect, it } from 'vitest';
import { Constants } from '@shared/database.types.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

const LOCALES: Record<string, Record<string, string>> = { en, fr };

describe.each(Object.keys(LOCALES))('the stock move reasons in %s', (language) => {
  it.each([...Constants.public.Enums.stock_move_reason])('label %s', (reason) => {
    const label = LOCALES[language]![`inventory.reason.${reason}`];
    expect(label, reason).toBeTruthy();
    expect(label!.trim()).not.toBe('');
  });
});

it('calls stock put back by a credit note a return on a credit note', () => {
  expect(fr['inventory.reason.CREDIT_RETURN' as keyof typeof fr]).toBe('Retour sur avoir');
  expect(en['inventory.reason.CREDIT_RETURN' as keyof typeof en]).toBe('Returned on a credit note');
});
