// The page for an address that leads nowhere speaks to a shop owner, in both languages: what happened and the
// way back (the dashboard for a member, the home page for a visitor), never a sentence meant for a developer.
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import fr from '@/locales/fr.json';
import { NotFoundPage } from './not-found-page.tsx';

function render(messages: Record<string, string>, signedIn: boolean): string {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (signedIn && key === 'kasuwa-auth' ? '{}' : null),
  });
  vi.stubGlobal('window', { location: { hash: '' } });
  return renderToString(
    <IntlProvider locale="en" messages={messages}>
      <StaticRouter location="/no/such/page">
        <NotFoundPage />
      </StaticRouter>
    </IntlProvider>,
  );
}

/** The text a person reads: the page without its tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('the not-found page', () => {
  it('tells a visitor in English that the page does not exist, with the way home', () => {
    const page = text(render(en, false));
    expect(page).toContain('This page does not exist');
    expect(page).toContain('Back to the home page');
    expect(page).not.toMatch(/router/i);
  });

  it('tells a member in French, with the way back to the dashboard', () => {
    const page = text(render(fr, true));
    expect(page).toContain('Cette page n’existe pas');
    expect(page).toContain('Retour au tableau de bord');
    expect(page).not.toMatch(/routeur/i);
  });

  it('links back to / (the dashboard or the home page)', () => {
    expect(render(en, false)).toMatch(/<a [^>]*href="\/"/);
  });
});
