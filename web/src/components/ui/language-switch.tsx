import { useIntl } from 'react-intl';
import { MESSAGES, useLocale, type Locale } from '../../lib/i18n.tsx';
import { notify } from './notify.tsx';

/** EN / FR buttons; switching shows the "Language Changed" toast in the new language. */
export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  const choose = (next: Locale) => {
    if (next === locale) return;
    setLocale(next);
    const m = MESSAGES[next];
    notify({
      title: m['language.changed']!,
      description: m['language.changedTo']!.replace('{language}', m[`language.${next}`]!),
    });
  };
  return (
    <div role="group" aria-label={intl.formatMessage({ id: 'language.label' })} className="join">
      {(['en', 'fr'] as const).map((l) => (
        <button
          key={l}
          type="button"
          className={`btn btn-sm join-item min-h-11 ${locale === l ? 'btn-primary' : 'btn-ghost'}`}
          aria-pressed={locale === l}
          onClick={() => choose(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
