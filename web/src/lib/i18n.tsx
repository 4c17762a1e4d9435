// The interface language: English by default, French on request; kept in browser storage and on <html lang>.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

export type Locale = 'en' | 'fr';
export const LOCALE_KEY = 'kasuwa-locale';

// Each language is one chunk of every string (locales/catalog-xx.ts), loaded when it is first needed: the
// app starts with only the language it shows (main.tsx waits for it), and a switch loads the other.
const LOADERS: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('../locales/catalog-en.ts'),
  fr: () => import('../locales/catalog-fr.ts'),
};
const LOADED: Partial<Record<Locale, Record<string, string>>> = {};

export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  return (LOADED[locale] ??= (await LOADERS[locale]()).default);
}

/** The messages of a language already loaded (the one on screen always is). */
export function messagesFor(locale: Locale): Record<string, string> {
  return LOADED[locale] ?? LOADED.en ?? {};
}

export function storedLocale(): Locale {
  const saved = localStorage.getItem(LOCALE_KEY);
  return saved === 'fr' ? 'fr' : 'en';
}

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
    void loadMessages(l).then(() => setLocaleState(l));
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale="en" messages={messagesFor(locale)}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export const useLocale = () => useContext(LocaleContext);
