// The terms of service and the privacy policy that sign-in and registration point to: short, plain
// sections in the visitor's language, each a heading and a paragraph.
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { TRIAL_DAYS } from './plans.ts';

function LegalPage({ name, sections }: { name: 'terms' | 'privacy'; sections: readonly string[] }) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
      <header>
        <h1 className="text-3xl font-bold">
          <FormattedMessage id={`${name}.title`} />
        </h1>
        <p className="mt-3 opacity-80">
          <FormattedMessage id={`${name}.intro`} />
        </p>
      </header>
      {sections.map((s) => (
        <section key={s}>
          <h2 className="text-xl font-semibold">
            <FormattedMessage id={`${name}.${s}.title`} />
          </h2>
          <p className="mt-2">
            <FormattedMessage id={`${name}.${s}.text`} values={{ days: TRIAL_DAYS }} />
          </p>
        </section>
      ))}
      <Link to="/" className="btn btn-outline min-h-11 self-start">
        <FormattedMessage id="legal.backHome" />
      </Link>
    </article>
  );
}

const TERMS_SECTIONS = ['account', 'data', 'plans', 'documents', 'use', 'service'] as const;
const PRIVACY_SECTIONS = ['keep', 'why', 'who', 'device', 'choices'] as const;

export const TermsPage = () => <LegalPage name="terms" sections={TERMS_SECTIONS} />;
export const PrivacyPage = () => <LegalPage name="privacy" sections={PRIVACY_SECTIONS} />;
