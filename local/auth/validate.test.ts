import { describe, expect, it } from 'vitest';
import { parseGoDuration, validateEmail } from './validate.ts';

describe('validateEmail', () => {
  it('lower-cases valid addresses', () => {
    expect(validateEmail('Ama.Mensah+shop@Example.COM')).toBe('ama.mensah+shop@example.com');
  });

  it.each(['', 'no-at-sign', 'two@@example.com', 'trailing-dot@example.', 'space @example.com'])(
    'refuses %j with validation_failed',
    (email) => {
      expect(() => validateEmail(email)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    },
  );
});

describe('parseGoDuration', () => {
  it('reads Go durations', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('0')).toBe(0);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '10', 'forever', 'h', '1d']) {
      expect(() => parseGoDuration(bad)).toThrow(/invalid format for ban duration/);
    }
  });
});
