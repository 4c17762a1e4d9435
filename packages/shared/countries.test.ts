// What registration, Settings and the landing page offer of countries and currencies agrees: the same
// countries; Sierra Leone's retired leone never offered; a business's first mobile-money number starts as
// its country's most used service. (How the pages count the countries: auth-layout.test.tsx.)
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencyChoices,
  defaultMobileMoneyProvider,
  REGISTRATION_COUNTRIES,
  REGISTRATION_CURRENCIES,
  SETTINGS_COUNTRIES,
  WEST_AFRICAN_COUNTRIES,
} from './countries.ts';
import { MOBILE_MONEY_PROVIDERS, ORGANIZATION_CURRENCIES } from './schemas/values.ts';

const codes = (list: readonly { code: string }[]) => list.map((c) => c.code).sort();

describe('the countries', () => {
  it('offered at registration are the landing page’s West African ones, Kenya and South Africa', () => {
    expect(codes(REGISTRATION_COUNTRIES)).toEqual(codes(WEST_AFRICAN_COUNTRIES).concat('KE', 'ZA').sort());
    expect(codes(REGISTRATION_COUNTRIES)).toContain('GW');
    expect(codes(SETTINGS_COUNTRIES)).toEqual(codes(REGISTRATION_COUNTRIES));
    expect(new Set(codes(REGISTRATION_COUNTRIES)).size).toBe(REGISTRATION_COUNTRIES.length);
  });
});

describe('the currencies', () => {
  it('at registration are the registration countries’ own, SLE and not the retired SLL', () => {
    expect([...REGISTRATION_CURRENCIES].sort()).toEqual(
      [...new Set(REGISTRATION_COUNTRIES.map((c) => c.currency))].sort(),
    );
    expect(REGISTRATION_CURRENCIES).not.toContain('SLL');
  });

  it('offered to choose from hold SLE only, unless SLL is the value already held', () => {
    for (const offered of [ORGANIZATION_CURRENCIES, Object.keys(CURRENCIES)]) {
      expect(currencyChoices(offered, 'XOF')).toContain('SLE');
      expect(currencyChoices(offered, 'XOF')).not.toContain('SLL');
      expect(currencyChoices(offered)).not.toContain('SLL');
      expect(currencyChoices(offered, 'SLL')).toContain('SLL');
    }
  });
});

describe('a new mobile-money number', () => {
  const first = (country: string, used: string[] = []) =>
    defaultMobileMoneyProvider(country, MOBILE_MONEY_PROVIDERS, used);

  it('starts as the country’s most used service', () => {
    expect(first('SN')).toBe('WAVE');
    expect(first('CI')).toBe('WAVE');
    expect(first('GH')).toBe('MTN_MOMO');
    expect(first('KE')).toBe('MPESA');
  });

  it('then the next most used, and the list’s first where the country’s is not known', () => {
    expect(first('SN', ['WAVE'])).toBe('ORANGE_MONEY');
    expect(first('NG')).toBe(MOBILE_MONEY_PROVIDERS[0]);
  });
});
