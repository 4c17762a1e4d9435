import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { loadMessages } from './i18n.tsx';

const [en, fr] = await Promise.all([loadMessages('en'), loadMessages('fr')]);

/** The arguments a message uses ({name}, {count, plural, …}), found by the ICU parser. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
      if ('value' in e && typeof e.value === 'string') found.add(e.value);
      if ('options' in e) for (const option of Object.values(e.options)) walk(option.value);
      if ('children' in e) walk(e.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('the translations', () => {
  it('have the same keys in English and French, none of them empty', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(fr)])
      expect(value.trim(), key).not.toBe('');
  });

  it('are valid ICU messages that use the same arguments in both languages', () => {
    for (const [key, value] of Object.entries(en))
      expect(argumentsOf(fr[key] ?? ''), key).toEqual(argumentsOf(value));
  });
});
