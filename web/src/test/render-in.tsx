// Component tests: a component drawn in a page (happy-dom, which a test file asks for with the comment
// `// @vitest-environment happy-dom` on its first line), in English or French as a person reads it: every
// string of that language and its way of writing numbers and dates (en-GB, fr). The page is emptied after
// each test. A person's typing and clicks go through `user` (Testing Library's user-event).
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach } from 'vitest';
import { FORMATS, type Locale } from '@/lib/i18n.tsx';
import featuresEn from '@/locales/features-en.ts';
import featuresFr from '@/locales/features-fr.ts';
import shellEn from '@/locales/shell-en.ts';
import shellFr from '@/locales/shell-fr.ts';

const MESSAGES: Record<Locale, Record<string, string>> = {
  en: { ...shellEn, ...featuresEn },
  fr: { ...shellFr, ...featuresFr },
};

afterEach(cleanup);

/** Draws `ui` in `locale`; answers Testing Library's queries on it and a `user` who types and clicks. */
export function renderIn(locale: Locale, ui: ReactElement) {
  // No pause between keys: the page answers each at once, and a test on a busy machine stays well in its time.
  const user = userEvent.setup({ delay: null });
  // A wrapper, so that `rerender` draws the new element in the same language.
  const view = render(ui, {
    wrapper: ({ children }) => (
      <IntlProvider locale={FORMATS[locale]} defaultLocale="en" messages={MESSAGES[locale]}>
        {children}
      </IntlProvider>
    ),
  });
  return { user, ...view };
}

/** Text as read, with the no-break spaces French puts in numbers ("1 500,75") written as plain spaces. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
