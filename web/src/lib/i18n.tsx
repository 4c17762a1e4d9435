// The interface language: English by default, French on request; kept in browser storage and on <html lang>.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import en from '../locales/en.json';
import fr from '../locales/fr.json';

export type Locale = 'en' | 'fr';
export const LOCALE_KEY = 'kasuwa-locale';

// Each feature keeps its strings beside it (features/<name>/locales/<locale>.json); they join the shell's.
const FEATURE_CATALOGS = import.meta.glob<Record<string, string>>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});
const catalog = (locale: Locale, base: Record<string, string>) =>
  Object.assign(
    {},
    base,
    ...Object.entries(FEATURE_CATALOGS)
      .filter(([path]) => path.endsWith(`/${locale}.json`))
      .map(([, messages]) => messages),
  ) as Record<string, string>;

export const MESSAGES: Record<Locale, Record<string, string>> = {
  en: catalog('en', en),
  fr: catalog('fr', fr),
};

function storedLocale(): Locale {
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
  const setLocale = useCallback((l: Locale) => {
    localStorage.setItem(LOCALE_KEY, l);
    setLocaleState(l);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale="en" messages={MESSAGES[locale]}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export const useLocale = () => useContext(LocaleContext);
