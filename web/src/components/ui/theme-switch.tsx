import { useIntl } from 'react-intl';
import { useTheme, type Theme } from '@/lib/theme.ts';

/** Light, dark or system; `onChange` also hears the choice (the app saves it with the member's preferences). */
export function ThemeSwitch({ onChange }: { onChange?: (t: Theme) => void }) {
  const [theme, setTheme] = useTheme();
  const intl = useIntl();
  return (
    <label className="flex items-center gap-2">
      <span className="sr-only">{intl.formatMessage({ id: 'theme.label' })}</span>
      <select
        className="select select-sm min-h-11 w-auto"
        value={theme}
        aria-label={intl.formatMessage({ id: 'theme.label' })}
        onChange={(e) => {
          setTheme(e.target.value as Theme);
          onChange?.(e.target.value as Theme);
        }}
      >
        {(['light', 'dark', 'system'] as const).map((t) => (
          <option key={t} value={t}>
            {intl.formatMessage({ id: `theme.${t}` })}
          </option>
        ))}
      </select>
    </label>
  );
}
