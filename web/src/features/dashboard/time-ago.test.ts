import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/lib/i18n.tsx';
import { timeAgo } from './time-ago.ts';

const now = Date.parse('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(now - ms).toISOString();
const H = 3_600_000;

const en = createIntl({ locale: 'en', messages: await loadMessages('en') });
const fr = createIntl({ locale: 'fr', messages: await loadMessages('fr') });

describe('timeAgo', () => {
  it('says "Just now" under a minute, then minutes under an hour, hours under a day, days under a week', () => {
    expect(timeAgo(en, at(59_000), now)).toBe('Just now');
    expect(timeAgo(en, at(7 * 60_000), now)).toBe('7 minutes ago');
    expect(timeAgo(fr, at(40 * 60_000), now)).toBe('il y a 40 minutes');
    expect(timeAgo(en, at(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeAgo(en, at(H), now)).toBe('1 hour ago');
    expect(timeAgo(en, at(23.9 * H), now)).toBe('23 hours ago');
    expect(timeAgo(en, at(24 * H), now)).toBe('1 day ago');
    expect(timeAgo(en, at(6.9 * 24 * H), now)).toBe('6 days ago');
    expect(timeAgo(fr, at(3 * H), now)).toBe('il y a 3 heures');
  });

  it('gives the date from 7 days on', () => {
    expect(timeAgo(en, at(7 * 24 * H), now)).toBe(new Date(now - 7 * 24 * H).toLocaleDateString('en'));
  });
});
