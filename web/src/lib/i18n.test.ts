import { describe, expect, it } from 'vitest';
import { MESSAGES } from './i18n.tsx';

const { en, fr } = MESSAGES;

describe('the translations', () => {
  it('have the same keys in English and French, none of them empty', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(fr)])
      expect(value.trim(), key).not.toBe('');
  });

  it('keep the placeholders of each English message in its French translation', () => {
    for (const [key, value] of Object.entries(en)) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
      expect(names(fr[key] ?? ''), key).toEqual(names(value));
    }
  });
});
