// The `Prefer` header (RFC 7240, as PostgREST reads it): comma-separated across any number of headers,
// the first occurrence of each preference wins, unknown ones are ignored unless `handling=strict`.
import { pgrstError } from './errors.ts';

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
}

const CHOICES = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const;
type Choice = keyof typeof CHOICES;

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const values = [header ?? []].flat().flatMap((h) => h.split(','));
  const prefs: Preferences = {};
  const invalid: string[] = [];
  for (const raw of values) {
    const pref = raw.trim();
    if (pref === '') continue;
    const [name, value] = pref.split('=', 2) as [string, string | undefined];
    if (name === 'max-affected' && /^\d+$/.test(value ?? '')) {
      prefs.maxAffected ??= Number(value);
    } else if (name in CHOICES && (CHOICES[name as Choice] as readonly string[]).includes(value ?? '')) {
      (prefs as Record<string, unknown>)[name] ??= value;
    } else {
      invalid.push(pref);
    }
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw pgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return prefs;
}

/** Whether the exact number of rows is to be reported (planned/estimated are answered exactly). */
export const wantsCount = (prefs: Preferences): boolean => prefs.count !== undefined;

export type Applied = Choice | 'max-affected';
const ORDER: Applied[] = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'max-affected'];

/**
 * `Preference-Applied` listing those of `honoured` the request asked for, in PostgREST's order
 * (`max-affected` only counts with `handling=strict`).
 */
export function preferenceApplied(prefs: Preferences, honoured: Applied[]): Record<string, string> {
  const applied = ORDER.filter((name) => honoured.includes(name)).flatMap((name) => {
    if (name === 'max-affected') {
      return prefs.handling === 'strict' && prefs.maxAffected !== undefined
        ? [`max-affected=${prefs.maxAffected}`]
        : [];
    }
    const value = prefs[name];
    return value === undefined ? [] : [`${name}=${value}`];
  });
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}
