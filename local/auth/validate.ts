// Input checks with GoTrue's messages: email format, user ids, ban durations.
import { validationFailed } from './errors.ts';

// The address grammar GoTrue checks with (local part of RFC 5322 atoms, DNS labels for the domain).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address lower-cased, as GoTrue stores it; throws validation_failed otherwise. */
export function validateEmail(email: string): string {
  if (email === '') throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A Go duration string ("24h", "1h30m", "90s") in milliseconds, as admin `ban_duration` takes it. */
export function parseGoDuration(text: string): number {
  const invalid = () => validationFailed(`invalid format for ban duration: time: invalid duration "${text}"`);
  if (text === '0') return 0;
  const body = text.replace(/^[+-]/, '');
  if (!/^(\d*\.?\d*(ns|us|µs|ms|s|m|h))+$/.test(body)) throw invalid();
  let total = 0;
  for (const [, amount, unit] of body.matchAll(/(\d*\.?\d*)(ns|us|µs|ms|s|m|h)/g)) {
    if (amount === '' || amount === '.') throw invalid();
    total += Number(amount) * DURATION_UNITS_MS[unit!]!;
  }
  return text.startsWith('-') ? -total : total;
}
