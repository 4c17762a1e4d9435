// Countries and currencies the product supports, with each currency's symbol and decimals (XOF and GNF
// have none; Sierra Leone's SLE is offered and the older SLL still accepted, never offered). Shared by the
// app and the edge functions.

export const CURRENCIES = {
  NGN: { symbol: '₦', name: 'Nigerian Naira', decimals: 2 },
  GHS: { symbol: '₵', name: 'Ghanaian Cedi', decimals: 2 },
  KES: { symbol: 'KSh', name: 'Kenyan Shilling', decimals: 2 },
  XOF: { symbol: 'CFA', name: 'West African CFA Franc', decimals: 0 },
  ZAR: { symbol: 'R', name: 'South African Rand', decimals: 2 },
  GNF: { symbol: 'GNF', name: 'Guinean Franc', decimals: 0 },
  // Sierra Leone redenominated SLL to SLE in 2022; both are accepted, both Le with 2 decimals (this table,
  // not the browser's Intl data, which gives SLL none): docs/product-rules.md.
  SLE: { symbol: 'Le', name: 'Sierra Leonean Leone', decimals: 2 },
  SLL: { symbol: 'Le', name: 'Sierra Leonean Leone (old)', decimals: 2 },
  LRD: { symbol: 'L$', name: 'Liberian Dollar', decimals: 2 },
  MRU: { symbol: 'UM', name: 'Mauritanian Ouguiya', decimals: 2 },
  GMD: { symbol: 'D', name: 'Gambian Dalasi', decimals: 2 },
  CVE: { symbol: 'Esc', name: 'Cape Verdean Escudo', decimals: 2 },
} as const;
export type CurrencyCode = keyof typeof CURRENCIES;

export interface Country {
  code: string;
  name: string;
  currency: CurrencyCode;
}

/** The currencies still accepted but never offered: Sierra Leone's old leone (SLE replaced it). */
export const RETIRED_CURRENCIES: readonly CurrencyCode[] = ['SLL'];

/**
 * The currencies a person may choose from, in `offered` order: a retired one only when it is the value
 * already held (an organization that started with SLL keeps seeing, and keeping, its own currency).
 */
export function currencyChoices<C extends string>(offered: readonly C[], current?: string): C[] {
  return offered.filter((c) => !(RETIRED_CURRENCIES as readonly string[]).includes(c) || c === current);
}

/**
 * The 18 countries offered at registration, in the order the form lists them: the 16 of West Africa the
 * landing page names, Kenya and South Africa.
 */
export const REGISTRATION_COUNTRIES: readonly Country[] = [
  { code: 'NG', name: 'Nigeria', currency: 'NGN' },
  { code: 'GH', name: 'Ghana', currency: 'GHS' },
  { code: 'SN', name: 'Senegal', currency: 'XOF' },
  { code: 'CI', name: "Côte d'Ivoire", currency: 'XOF' },
  { code: 'TG', name: 'Togo', currency: 'XOF' },
  { code: 'BJ', name: 'Benin', currency: 'XOF' },
  { code: 'BF', name: 'Burkina Faso', currency: 'XOF' },
  { code: 'ML', name: 'Mali', currency: 'XOF' },
  { code: 'NE', name: 'Niger', currency: 'XOF' },
  { code: 'GM', name: 'Gambia', currency: 'GMD' },
  { code: 'GN', name: 'Guinea', currency: 'GNF' },
  { code: 'GW', name: 'Guinea-Bissau', currency: 'XOF' },
  { code: 'SL', name: 'Sierra Leone', currency: 'SLE' },
  { code: 'LR', name: 'Liberia', currency: 'LRD' },
  { code: 'CV', name: 'Cape Verde', currency: 'CVE' },
  { code: 'MR', name: 'Mauritania', currency: 'MRU' },
  { code: 'KE', name: 'Kenya', currency: 'KES' },
  { code: 'ZA', name: 'South Africa', currency: 'ZAR' },
];

/** The 16 West African countries of the landing page and the settings list, in the order they show. */
export const WEST_AFRICAN_COUNTRIES: readonly Country[] = [
  'NG',
  'GH',
  'SN',
  'ML',
  'BF',
  'NE',
  'CI',
  'GN',
  'BJ',
  'TG',
  'SL',
  'LR',
  'MR',
  'GM',
  'GW',
  'CV',
].map((code) => REGISTRATION_COUNTRIES.find((c) => c.code === code)!);

/** Organization settings: the 16 plus Kenya and South Africa (the registration's countries, in the landing page's order). */
export const SETTINGS_COUNTRIES: readonly Country[] = [
  ...WEST_AFRICAN_COUNTRIES,
  ...REGISTRATION_COUNTRIES.filter((c) => c.code === 'KE' || c.code === 'ZA'),
];

/** Currencies accepted at registration: the registration countries' (a new organization never starts in SLL). */
export const REGISTRATION_CURRENCIES = [
  'NGN',
  'GHS',
  'XOF',
  'GMD',
  'GNF',
  'SLE',
  'LRD',
  'CVE',
  'MRU',
  'KES',
  'ZAR',
] as const;

export function countryByCode(code: string): Country | undefined {
  return (
    SETTINGS_COUNTRIES.find((c) => c.code === code) ?? REGISTRATION_COUNTRIES.find((c) => c.code === code)
  );
}

/**
 * The mobile-money services of a country, the most used first: Wave then Orange Money and Free Money in
 * Senegal; Wave, Orange Money, MTN MoMo and Moov Money in Côte d'Ivoire; MTN MoMo, Telecel Cash and
 * AirtelTigo Money in Ghana; M-Pesa and Airtel Money in Kenya.
 */
const MOBILE_MONEY_BY_COUNTRY: Record<string, readonly string[]> = {
  SN: ['WAVE', 'ORANGE_MONEY', 'FREE_MONEY'],
  CI: ['WAVE', 'ORANGE_MONEY', 'MTN_MOMO', 'MOOV_MONEY'],
  GH: ['MTN_MOMO', 'TELECEL_CASH', 'AIRTEL_MONEY'],
  KE: ['MPESA', 'AIRTEL_MONEY'],
};

/**
 * The provider a new mobile-money number of a business starts with: the country's most used one not already
 * listed (`used`), else its most used; the first of `providers` where we do not know the country's.
 */
export function defaultMobileMoneyProvider<P extends string>(
  country: string,
  providers: readonly P[],
  used: readonly string[] = [],
): P {
  const local = (MOBILE_MONEY_BY_COUNTRY[country.toUpperCase()] ?? []).filter((p): p is P =>
    (providers as readonly string[]).includes(p),
  );
  return local.find((p) => !used.includes(p)) ?? local[0] ?? providers[0]!;
}

/** Time zones an organization can choose (the capitals of the supported countries). */
export const TIME_ZONES = [
  'Africa/Lagos',
  'Africa/Accra',
  'Africa/Dakar',
  'Africa/Abidjan',
  'Africa/Lome',
  'Africa/Porto-Novo',
  'Africa/Ouagadougou',
  'Africa/Bamako',
  'Africa/Niamey',
  'Africa/Banjul',
  'Africa/Conakry',
  'Africa/Freetown',
  'Africa/Monrovia',
  'Atlantic/Cape_Verde',
  'Africa/Nouakchott',
  'Africa/Bissau',
  'Africa/Nairobi',
  'Africa/Johannesburg',
] as const;

/**
 * The language a business's documents speak by default (the invoice page and PDF its customers open): French
 * in the francophone countries, English elsewhere (Cape Verde and Guinea-Bissau, Portuguese-speaking, get
 * English, the language of the app they share).
 */
const FRENCH_SPEAKING = new Set(['SN', 'CI', 'TG', 'BJ', 'BF', 'ML', 'NE', 'GN', 'MR']);
export const documentLanguage = (country: string): 'en' | 'fr' =>
  FRENCH_SPEAKING.has(country.toUpperCase()) ? 'fr' : 'en';

/**
 * What each country calls a business's tax number, printed before it on documents (the business profile
 * starts with it and may say otherwise): Nigeria's and Ghana's TIN, Kenya's KRA PIN, South Africa's VAT
 * number, Senegal's NINEA, Côte d'Ivoire's NCC (numéro de compte contribuable), Benin's and Burkina Faso's
 * IFU, the NIF elsewhere in the francophone and lusophone countries.
 */
const TAX_ID_LABELS: Record<string, string> = {
  NG: 'TIN',
  GH: 'TIN',
  GM: 'TIN',
  SL: 'TIN',
  LR: 'TIN',
  KE: 'KRA PIN',
  ZA: 'VAT number',
  SN: 'NINEA',
  CI: 'NCC',
  BJ: 'IFU',
  BF: 'IFU',
  TG: 'NIF',
  ML: 'NIF',
  NE: 'NIF',
  GN: 'NIF',
  MR: 'NIF',
  CV: 'NIF',
  GW: 'NIF',
};
export const taxIdLabel = (country: string): string => TAX_ID_LABELS[country.toUpperCase()] ?? 'TIN';
