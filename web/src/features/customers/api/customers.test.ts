// A customer added twice is caught before it is saved: the same phone line (with or without the country
// code, however spaced), the same e-mail (case aside) or the same name (case and spacing aside).
import { describe, expect, it } from 'vitest';
import { isTwin } from './customers.ts';

const fatou = { name: 'Fatou Ndiaye', email: 'fatou@teranga.sn', phone: '77 654 32 10' };

describe('a customer who looks like one on file', () => {
  it('shares a phone line, an e-mail or a name', () => {
    expect(isTwin(fatou, { name: 'F. Ndiaye', phone: '+221 776543210' })).toBe(true);
    expect(isTwin(fatou, { name: 'Awa', email: 'FATOU@teranga.sn ' })).toBe(true);
    expect(isTwin(fatou, { name: ' fatou  ndiaye' })).toBe(true);
    expect(isTwin({ ...fatou, name: 'Ọlábísí Àdìgún' }, { name: 'Ọlábísí Àdìgún'.normalize('NFD') })).toBe(
      true,
    );
  });

  it('is someone else otherwise', () => {
    expect(isTwin(fatou, { name: 'Awa Diop', phone: '77 654 32 11', email: 'awa@teranga.sn' })).toBe(false);
    expect(isTwin({ ...fatou, email: null, phone: null }, { name: 'Awa Diop', email: '', phone: '' })).toBe(
      false,
    );
  });
});
