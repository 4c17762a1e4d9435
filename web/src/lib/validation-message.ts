// The shared schemas carry the spec's English messages (the API answers with them too); the forms show
// them in the user's language through these keys.
import type { IntlShape } from 'react-intl';
import { serverMessage } from './api-client.ts';

const KEYS: Record<string, string> = {
  'Please enter a valid email address.': 'validation.email',
  'Password is required.': 'validation.passwordRequired',
  'Password must be at least 8 characters.': 'validation.passwordMin',
  'First name is required.': 'validation.firstName',
  'Last name is required.': 'validation.lastName',
  'Organization name is required.': 'validation.organizationName',
  'Please select a country.': 'validation.country',
  'Please select a currency.': 'validation.currency',
};

// Server messages that carry a value: the value goes into the translated sentence.
const PATTERNS: [RegExp, string][] = [
  [/^The payment is more than the balance due \((?<amount>.+)\)$/, 'msg.pattern.overBalance'],
  [/^An invoice cannot go from (?<from>\w+) to (?<to>\w+)$/, 'msg.pattern.invoiceTransition'],
  [/^A purchase order cannot go from (?<from>\w+) to (?<to>\w+)$/, 'msg.pattern.orderTransition'],
  [/^(?<count>\d+) problem\(s\) in the file; nothing was imported$/, 'msg.pattern.importProblems'],
  [/^(?<currency>[A-Z]{3}) amounts have no decimals$/, 'msg.pattern.noDecimals'],
  [/^(?<currency>[A-Z]{3}) amounts have at most (?<decimals>\d+) decimals$/, 'msg.pattern.atMostDecimals'],
];

export function validationMessage(intl: IntlShape, message: string | undefined): string | undefined {
  if (!message) return undefined;
  for (const [re, id] of PATTERNS) {
    const m = re.exec(message);
    if (m && id in intl.messages) return intl.formatMessage({ id }, m.groups);
  }
  // Messages of later features are translated under "msg.<the English message>".
  const id = KEYS[message] ?? `msg.${message}`;
  return id in intl.messages ? intl.formatMessage({ id }) : message;
}

/** The message of a failed call in the user's language: the server's message, translated when known. */
export function errorMessage(intl: IntlShape, error: unknown): string {
  return validationMessage(intl, serverMessage(error)) ?? '';
}
