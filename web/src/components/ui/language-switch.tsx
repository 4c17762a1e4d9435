import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { intlIn, useLocale, type Locale } from '@/lib/i18n.tsx';
import { notify } from './notify.tsx';

/** Switches the language at once and announces it with the "Language Changed" toast in the new language. */
export function useChangeLanguage() {
  const { setLocale } = useLocale();
  return useCallback(
    async (next: Locale) => {
      const intl = await intlIn(next);
      setLocale(next);
      notify({
        title: intl.formatMessage({ id: 'language.changed' }),
        description: intl.formatMessage(
          { id: 'language.changedTo' },
          { language: intl.formatMessage({ id: `language.${next}` }) },
        ),
      });
    },
    [setLocale],
  );
}

/** EN / FR buttons. */
export function LanguageSwitch() {
  const { locale } = useLocale();
  const changeLanguage = useChangeLanguage();
  const intl = useIntl();
  return (
    <div role="group" aria-label={intl.formatMessage({ id: 'language.label' })} className="join">
      {(['en', 'fr'] as const).map((l) => (
        <button
          key={l}
          type="button"
          className={`btn btn-sm join-item min-h-11 ${locale === l ? 'btn-primary' : 'btn-ghost'}`}
          aria-pressed={locale === l}
          onClick={() => l !== locale && changeLanguage(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
