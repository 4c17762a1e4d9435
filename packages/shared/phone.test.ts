import { describe, expect, it } from 'vitest';
import { phoneDigitsMatch, samePhone, whatsappNumber } from './phone.ts';

describe('whatsappNumber', () => {
  it('writes a local number with the organization’s country code, and keeps an international one', () => {
    expect(whatsappNumber('024 412 3456', 'GH')).toBe('233244123456');
    expect(whatsappNumber('+234 803 123 4567', 'GH')).toBe('2348031234567');
    expect(whatsappNumber('00221 77 123 45 67', 'GH')).toBe('221771234567');
    expect(whatsappNumber('77 123 45 67', 'SN')).toBe('221771234567');
    expect(whatsappNumber('07 07 12 34 56', 'CI')).toBe('2250707123456');
    expect(whatsappNumber('233244123456', 'GH')).toBe('233244123456');
  });

  it('gives nothing for a blank or non-numeric phone', () => {
    expect(whatsappNumber(null, 'GH')).toBeNull();
    expect(whatsappNumber('', 'GH')).toBeNull();
    expect(whatsappNumber('call the shop', 'GH')).toBeNull();
  });
});

describe('a phone number searched by its digits', () => {
  it('is found however either side was spaced', () => {
    expect(phoneDigitsMatch('776543210', '77 654 32 10')).toBe(true);
    expect(phoneDigitsMatch('77 654', '+221 776 543 210')).toBe(true);
    expect(phoneDigitsMatch('+221 77', '(221) 77-654-3210')).toBe(true);
  });

  it('needs three digits and a term that reads as a number', () => {
    expect(phoneDigitsMatch('77', '77 654 32 10')).toBe(false);
    expect(phoneDigitsMatch('Fatou 776', '77 654 32 10')).toBe(false);
    expect(phoneDigitsMatch('776', null)).toBe(false);
  });
});

describe('the same phone line', () => {
  it('is the same with or without its country code, however spaced', () => {
    expect(samePhone('0244 123 456', '+233 244 123 456')).toBe(true);
    expect(samePhone('77 654 32 10', '+221776543210')).toBe(true);
    expect(samePhone('77 654 32 10', '77 654 32 11')).toBe(false);
    expect(samePhone('12345', '12345')).toBe(false);
    expect(samePhone(null, '77 654 32 10')).toBe(false);
  });
});
