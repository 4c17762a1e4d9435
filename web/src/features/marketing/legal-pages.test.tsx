// The terms and the privacy policy that sign-in and registration link to: the notice links both pages, and
// each page has every word in English and in French.
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import shellEn from '@/locales/en.json';
import shellFr from '@/locales/fr.json';
import { TermsNotice } from '@/components/terms-notice.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { PrivacyPage, TermsPage } from './legal-pages.tsx';

const LANGUAGES = { en: { ...shellEn, ...en }, fr: { ...shellFr, ...fr } };

/** The page as HTML, and the messages it asked for that its language lacks. */
function render(messages: Record<string, string>, node: ReactNode) {
  const missing: string[] = [];
  const html = renderToString(
    <IntlProvider locale="en" messages={messages} onError={(e) => missing.push(e.message)}>
      <StaticRouter location="/">{node}</StaticRouter>
    </IntlProvider>,
  );
  return { html, missing };
}

describe.each(Object.entries(LANGUAGES))('in %s', (_, messages) => {
  it('the sign-in notice links the terms and the privacy policy', () => {
    const { html, missing } = render(messages, <TermsNotice />);
    expect(missing).toEqual([]);
    expect(html).toMatch(/<a [^>]*href="\/terms"[^>]*>[^<]+<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/privacy"[^>]*>[^<]+<\/a>/);
  });

  it.each([
    ['terms', TermsPage],
    ['privacy', PrivacyPage],
  ])('the %s page has all its words', (name, Page) => {
    const { html, missing } = render(messages, <Page />);
    expect(missing).toEqual([]);
    expect(html).toContain(messages[`${name}.title` as keyof typeof messages]);
  });
});
