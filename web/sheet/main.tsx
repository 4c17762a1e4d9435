// The UI primitives on one page, for the screenshot sheet in docs/ (`npm run docs:primitives`). Served by
// Vite's dev server only: the app's build never includes it. `?lang=fr&theme=dark&dialog=form|confirm|reason`.
import { createRoot } from 'react-dom/client';
import { PrimitivesSheet } from './primitives-sheet.tsx';
import { LocaleProvider, loadMessages, type Locale } from '../src/lib/i18n.tsx';
import { LOCALE_KEY } from '../src/lib/i18n.tsx';
import { THEME_KEY } from '../src/lib/theme.ts';
import '../src/index.css';

const params = new URLSearchParams(location.search);
const locale: Locale = params.get('lang') === 'fr' ? 'fr' : 'en';
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
localStorage.setItem(LOCALE_KEY, locale);
localStorage.setItem(THEME_KEY, theme);
document.documentElement.lang = locale;
document.documentElement.setAttribute('data-theme', theme === 'dark' ? 'kasuwa-dark' : 'kasuwa');
await loadMessages(locale);

createRoot(document.getElementById('root')!).render(
  <LocaleProvider>
    <PrimitivesSheet dialog={params.get('dialog')} />
  </LocaleProvider>,
);
