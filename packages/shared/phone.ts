// A customer's phone as WhatsApp's wa.me links want it: the international number in digits, no "+".
// Shops type numbers the local way (024 412 3456 in Ghana), so a number without its country code gets the
// organization's. In Côte d'Ivoire and Benin the leading 0 is part of the number and is kept.

const DIAL_CODES: Record<string, string> = {
  NG: '234',
  GH: '233',
  SN: '221',
  ML: '223',
  BF: '226',
  NE: '227',
  CI: '225',
  GN: '224',
  BJ: '229',
  TG: '228',
  SL: '232',
  LR: '231',
  MR: '222',
  GM: '220',
  GW: '245',
  CV: '238',
  KE: '254',
  ZA: '27',
};
const KEEPS_LEADING_ZERO = new Set(['CI', 'BJ']);

/** The number for https://wa.me/<number>, or null when the phone is blank or not a phone number. */
export function whatsappNumber(phone: string | null | undefined, country: string): string | null {
  const text = (phone ?? '').trim();
  if (!/^\+?[\d\s().-]{6,}$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  const code = DIAL_CODES[country.toUpperCase()];
  if (!code) return null;
  if (digits.startsWith(code) && digits.length > code.length + 7) return digits;
  const local =
    digits.startsWith('0') && !KEEPS_LEADING_ZERO.has(country.toUpperCase()) ? digits.slice(1) : digits;
  return `${code}${local}`;
}

/**
 * Whether a search for a phone number (digits, spaces, + - . ( ), at least 3 digits) finds `phone` by its
 * digits, however either was spaced: "776543210" finds "77 654 32 10". The database's list_customers
 * searches the same way (private.phone_digits).
 */
export function phoneDigitsMatch(search: string, phone: string | null | undefined): boolean {
  const term = search.trim();
  if (!phone || !/^[0-9 +().-]+$/.test(term)) return false;
  const digits = term.replace(/[^0-9]/g, '');
  return digits.length >= 3 && phone.replace(/[^0-9]/g, '').includes(digits);
}

/**
 * Whether two phone numbers are the same line: the same last nine digits (a number typed with or without its
 * country code, 0244 123 456 and +233 244 123 456), at least six digits each.
 */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const da = (a ?? '').replace(/[^0-9]/g, '');
  const db = (b ?? '').replace(/[^0-9]/g, '');
  if (da.length < 6 || db.length < 6) return false;
  const tail = Math.min(9, da.length, db.length);
  return da.slice(-tail) === db.slice(-tail);
}
