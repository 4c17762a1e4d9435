// An address that leads nowhere (a mistyped link, an old bookmark): said in a shop owner's words, with the
// way back to where they work — their dashboard when signed in, the home page otherwise (both live at /).
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { hasStoredSession } from '@/lib/session/stored-session.ts';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide opacity-80">404</p>
      <h1 className="mt-1 text-3xl font-bold text-balance">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="mt-3 opacity-80">
        <FormattedMessage id="notFound.text" />
      </p>
      <Link to="/" className="btn btn-primary mt-6 min-h-11">
        <FormattedMessage id={hasStoredSession() ? 'notFound.dashboard' : 'notFound.home'} />
      </Link>
    </section>
  );
}
