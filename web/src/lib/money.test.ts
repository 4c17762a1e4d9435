import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

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
