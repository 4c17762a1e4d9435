// Sign-in and registration count the countries as the landing page does, from the same list, in both
// languages: no number written into a sentence that the list can outgrow ("16 countries" beside 17).
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { WEST_AFRICAN_COUNTRIES } from '@shared/countries.ts';
import en from '@/locales/en.json';
import fr from '@/locales/fr.json';
import { AuthLayout } from './auth-layout.tsx';

const n = WEST_AFRICAN_COUNTRIES.length;

describe.each([
  ['en', en, `${n} West African countries, Kenya and South Africa`],
  ['fr', fr, `${n} pays d’Afrique de l’Ouest, le Kenya et l’Afrique du Sud`],
])('in %s', (locale, messages, says) => {
  it('the side of sign-in counts the landing page’s countries and names the two others', () => {
    const html = renderToString(
      <IntlProvider locale={locale} messages={messages}>
        <AuthLayout>form</AuthLayout>
      </IntlProvider>,
    );
    expect(html).toContain(says);
  });

  it('no sentence writes a count of countries of its own', () => {
    for (const [key, text] of Object.entries(messages))
      expect(text, key).not.toMatch(/\d+\s+(West African |African )?(countries|pays)\b/);
  });
});
