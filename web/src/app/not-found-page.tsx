import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="mt-3 opacity-80">
        <FormattedMessage id="notFound.text" />
      </p>
      <Link to="/" className="btn btn-primary mt-6 min-h-11">
        <FormattedMessage id="notFound.home" />
      </Link>
    </section>
  );
}
