import { describe, expect, it } from 'vitest';
import { QUANTITY_DECIMALS, currencyDecimals, formatMoney, parseAmount } from './money.ts';

describe('formatMoney', () => {
  it("uses the currency table's symbol and decimals", () => {
    expect(formatMoney(12450, 'GHS', 'en')).toBe('₵12,450.00');
    expect(formatMoney(6000, 'NGN', 'en')).toBe('₦6,000.00');
    expect(formatMoney(9000.4, 'XOF', 'en')).toBe('CFA 9,000');
    expect(formatMoney(2500, 'GNF', 'en')).toBe('GNF 2,500');
    expect(formatMoney(1.5, 'SLL', 'en')).toBe('Le 1.50');
  });

  it('puts the minus of a loss before the symbol in English, before the number in French', () => {
    expect(formatMoney(-260.25, 'GHS', 'en')).toBe('-₵260.25');
    expect(formatMoney(-1500, 'XOF', 'en')).toBe('-CFA 1,500');
    expect(formatMoney(-260.25, 'GHS', 'fr').replace(/\s/g, ' ')).toBe('-260,25 ₵');
  });

  it('follows French conventions in French', () => {
    expect(formatMoney(12450, 'GHS', 'fr').replace(/\s/g, ' ')).toBe('12 450,00 ₵');
    expect(formatMoney(9000, 'XOF', 'fr').replace(/\s/g, ' ')).toBe('9 000 CFA');
  });
});

describe('parseAmount', () => {
  const fr = (text: string, decimals = 2) => parseAmount(text, { locale: 'fr', decimals });
  const en = (text: string, decimals = 2) => parseAmount(text, { locale: 'en-GB', decimals });

  it('reads a French decimal comma, and a dot where it cannot be a thousands group', () => {
    expect(fr('150,75')).toEqual({ ok: true, value: 150.75 });
    expect(fr('150.75')).toEqual({ ok: true, value: 150.75 });
    expect(fr('0,5')).toEqual({ ok: true, value: 0.5 });
    expect(fr(',5')).toEqual({ ok: true, value: 0.5 });
    expect(fr(' 1500 ')).toEqual({ ok: true, value: 1500 });
  });

  it('reads French thousands groups: spaces, no-break and narrow no-break spaces, dots', () => {
    expect(fr('1 500,50')).toEqual({ ok: true, value: 1500.5 });
    expect(fr('1\u00a0500\u00a0000')).toEqual({ ok: true, value: 1_500_000 });
    expect(fr('12\u202f450,00')).toEqual({ ok: true, value: 12450 });
    expect(fr('1.500')).toEqual({ ok: true, value: 1500 });
    expect(fr('1.500.000,25')).toEqual({ ok: true, value: 1_500_000.25 });
  });

  it('reads English decimals and thousands groups', () => {
    expect(en('150.75')).toEqual({ ok: true, value: 150.75 });
    expect(en('1,500')).toEqual({ ok: true, value: 1500 });
    expect(en('1,500.50')).toEqual({ ok: true, value: 1500.5 });
    expect(en('1,500,000')).toEqual({ ok: true, value: 1_500_000 });
    expect(en('150,75')).toEqual({ ok: true, value: 150.75 });
    expect(en('0,500', 3)).toEqual({ ok: true, value: 0.5 });
    expect(en('1 500')).toEqual({ ok: true, value: 1500 });
  });

  it('refuses more decimals than the currency has: XOF none, NGN 2', () => {
    expect(fr('150,75', currencyDecimals('XOF'))).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(en('150.75', currencyDecimals('XOF'))).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(fr('1.500', currencyDecimals('XOF'))).toEqual({ ok: true, value: 1500 });
    expect(fr('1 500,00', currencyDecimals('XOF'))).toEqual({ ok: true, value: 1500 });
    expect(en('150.755', currencyDecimals('NGN'))).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(en('1.500', currencyDecimals('NGN'))).toEqual({ ok: true, value: 1.5 });
    expect(en('1.500', currencyDecimals('XOF'))).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(fr('150,75', currencyDecimals('NGN'))).toEqual({ ok: true, value: 150.75 });
    expect(fr('2,5', 0)).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(fr('1,255', QUANTITY_DECIMALS)).toEqual({ ok: true, value: 1.255 });
    expect(fr('1,2555', QUANTITY_DECIMALS)).toEqual({ ok: false, reason: 'TOO_MANY_DECIMALS' });
  });

  it('refuses garbage, with its reason', () => {
    for (const text of [
      '12abc',
      '1.2.3',
      '1,2,3',
      'abc',
      '.',
      '150,',
      '1,50.5',
      '15 00',
      '1e5',
      '₦150',
      '--5',
    ])
      expect([text, fr(text)]).toEqual([text, { ok: false, reason: 'NOT_A_NUMBER' }]);
    expect(en('1.2.3')).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
    expect(fr('')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(fr('   ')).toEqual({ ok: false, reason: 'EMPTY' });
  });

  it('refuses a negative amount unless a stock adjustment may take stock out', () => {
    expect(fr('-5')).toEqual({ ok: false, reason: 'NEGATIVE' });
    expect(parseAmount('−480', { locale: 'fr', decimals: 3, negative: true })).toEqual({
      ok: true,
      value: -480,
    });
    expect(parseAmount('-1,5', { locale: 'fr', decimals: 3, negative: true })).toEqual({
      ok: true,
      value: -1.5,
    });
    expect(parseAmount('+12', { locale: 'en', decimals: 3, negative: true })).toEqual({
      ok: true,
      value: 12,
    });
  });
});
