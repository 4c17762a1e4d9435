// The interface language: English by default, French on request; kept in browser storage and on <html lang>.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createIntl, IntlProvider, RawIntlProvider, useIntl, type IntlShape } from 'react-intl';

export type Locale = 'en' | 'fr';
export const LOCALE_KEY = 'kasuwa-locale';

// Each language is two chunks, loaded when first needed: the shell's strings (what a visitor's first page
// shows: marketing, sign-in, registration, the app's frame) and every feature's. The app starts with the
// language it shows (main.tsx waits for it): a visitor with the shell's strings only, a signed-in member
// with all of them; a screen that shows features' strings waits for them (router.tsx); a switch of
// language loads the other before showing it.
type Part = 'shell' | 'features';
// In the built app each message comes parsed (precompiledMessages in vite.config.ts): read them through an
// IntlShape (formatMessage), never as text.
type Catalog = Record<string, string>;
const LOADERS: Record<Locale, Record<Part, () => Promise<{ default: Catalog }>>> = {
  en: { shell: () => import('@/locales/shell-en.ts'), features: () => import('@/locales/features-en.ts') },
  fr: { shell: () => import('@/locales/shell-fr.ts'), features: () => import('@/locales/features-fr.ts') },
};
const PARTS: Partial<Record<Locale, Partial<Record<Part, Catalog>>>> = {};
const LOADED: Partial<Record<Locale, Catalog>> = {};
const onLoaded = new Set<() => void>();
/** Set once a screen needed the features' strings: a switch of language then loads them too. */
let withFeatures = false;

async function loadPart(locale: Locale, part: Part): Promise<void> {
  const parts = (PARTS[locale] ??= {});
  if (parts[part]) return;
  parts[part] = (await LOADERS[locale][part]()).default;
  LOADED[locale] = { ...parts.shell, ...parts.features };
  for (const listener of onLoaded) listener();
}

/** Every string of a language: the shell's and every feature's. */
export async function loadMessages(locale: Locale): Promise<Catalog> {
  withFeatures = true;
  await Promise.all([loadPart(locale, 'shell'), loadPart(locale, 'features')]);
  return LOADED[locale]!;
}

/** The strings the first page needs: every one for a signed-in member, the shell's for a visitor. */
export async function loadStartMessages(locale: Locale): Promise<Catalog> {
  if (withFeatures || localStorage.getItem('kasuwa-auth')) return loadMessages(locale);
  await loadPart(locale, 'shell');
  return LOADED[locale]!;
}

/** The messages of a language already loaded (the one on screen always is). */
function messagesFor(locale: Locale): Catalog {
  return LOADED[locale] ?? LOADED.en ?? {};
}

const loadedIntls = new WeakMap<Catalog, IntlShape>();
/** Formatting and the strings of a language already loaded (the one on screen always is), outside React. */
export function loadedIntl(locale: Locale): IntlShape {
  const messages = messagesFor(locale);
  let intl = loadedIntls.get(messages);
  if (!intl)
    loadedIntls.set(
      messages,
      (intl = createIntl({ locale: FORMATS[locale], defaultLocale: 'en', messages })),
    );
  return intl;
}

/** The language chosen on this browser, else the first of the browser's languages we speak, else English. */
export function storedLocale(): Locale {
  const saved = localStorage.getItem(LOCALE_KEY);
  if (saved === 'fr' || saved === 'en') return saved;
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

/**
 * How dates and numbers are written in each language: English day-first as in Ghana, Nigeria, Kenya and the
 * UK (en-GB: 02/12/2026 is 2 December), French as in France and francophone Africa. Every `intl.formatDate`,
 * `formatNumber` and `toLocaleDateString(intl.locale)` follows it.
 */
export const FORMATS: Record<Locale, string> = { en: 'en-GB', fr: 'fr' };

const LocaleContext = createContext<{ locale: Locale; setLocale: (l: Locale) => void }>({
  locale: 'en',
  setLocale: () => {},
});

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(storedLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // The new language shows once its strings are here (at once after the first time).
  const setLocale = useCallback((l: Locale) => {
    localStorage.setItem(LOCALE_KEY, l);
    void loadStartMessages(l).then(() => setLocaleState(l));
  }, []);
  // The features' strings arrive after the first page for a visitor: show them as soon as they are here.
  const [, setLoadedCount] = useState(0);
  useEffect(() => {
    const update = () => setLoadedCount((n) => n + 1);
    onLoaded.add(update);
    update(); // anything loaded before this effect ran
    return () => void onLoaded.delete(update);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={FORMATS[locale]} defaultLocale="en" messages={messagesFor(locale)}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export const useLocale = () => useContext(LocaleContext);

/** The message of an id in the interface language, with its values: `const t = useT(); t('common.save')`. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: string, values?: Record<string, string | number | boolean | Date | null | undefined>) =>
      intl.formatMessage({ id }, values),
    [intl],
  );
}

/** Formatting and every string of a language other than the interface's (a document in its customer's). */
export async function intlIn(locale: Locale): Promise<IntlShape> {
  const messages = await loadMessages(locale);
  return createIntl({ locale: FORMATS[locale], defaultLocale: 'en', messages });
}

/** The strings and formats of `locale` (null while they load): a message sent to a customer in theirs. */
export function useIntlIn(locale: Locale): IntlShape | null {
  const [intl, setIntl] = useState<IntlShape | null>(null);
  useEffect(() => {
    let live = true;
    void intlIn(locale).then((value) => live && setIntl(value));
    return () => {
      live = false;
    };
  }, [locale]);
  return intl && intl.locale === FORMATS[locale] ? intl : null;
}

/**
 * Shows `children` in `locale` whatever the interface language: what a business sends its customers (the
 * shared invoice page, the document and its PDF) speaks the business's language.
 */
export function InLanguage({ locale, children }: { locale: Locale; children: ReactNode }) {
  const intl = useIntlIn(locale);
  if (!intl) return null;
  return (
    <RawIntlProvider value={intl}>
      <div lang={locale}>{children}</div>
    </RawIntlProvider>
  );
}
