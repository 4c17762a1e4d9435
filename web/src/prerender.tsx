// Build time only (the prerender plugin in web/vite.config.ts renders this with Vite's SSR loader): the
// pages a visitor's first visit opens — the landing page and sign-in — as HTML, in English and in French.
// They go into index.html, where the page's first script shows the one for its address and language (only
// to a browser without a session), so a phone on 3G paints the page before the JavaScript has arrived; the
// app then renders the same page over it (main.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

/** What the pages read of the browser's storage while they render: nothing is stored at build time. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, String(value));
  removeItem = (key: string) => void this.#items.delete(key);
  clear = () => this.#items.clear();
}

export type Prerendered = { page: 'landing' | 'login'; locale: 'en' | 'fr'; html: string };

export async function renderVisitorPages(): Promise<Prerendered[]> {
  const globals = globalThis as Record<string, unknown>;
  globals.localStorage ??= new MemoryStorage();
  globals.sessionStorage ??= new MemoryStorage();
  const storage = globals.localStorage as MemoryStorage;
  // Loaded after the storage exists: modules of the app may read it as they load.
  const [
    { LocaleProvider, loadStartMessages, LOCALE_KEY },
    { PublicLayout },
    { LandingPage },
    { LoginPage },
  ] = await Promise.all([
    import('@/lib/i18n.tsx'),
    import('@/app/public-layout.tsx'),
    import('@/features/marketing/landing-page.tsx'),
    import('@/features/auth/components/login-page.tsx'),
  ]);
  const pages: [Prerendered['page'], string, ReactNode][] = [
    ['landing', '/', <LandingPage key="landing" />],
    ['login', '/login', <LoginPage key="login" />],
  ];
  const out: Prerendered[] = [];
  for (const locale of ['en', 'fr'] as const) {
    storage.setItem(LOCALE_KEY, locale);
    await loadStartMessages(locale);
    for (const [page, path, node] of pages) {
      const html = renderToString(
        <LocaleProvider>
          <QueryClientProvider client={new QueryClient()}>
            <StaticRouter location={path}>
              <PublicLayout>{node}</PublicLayout>
            </StaticRouter>
          </QueryClientProvider>
        </LocaleProvider>,
      );
      out.push({ page, locale, html });
    }
  }
  return out;
}
