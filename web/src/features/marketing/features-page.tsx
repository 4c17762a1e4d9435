import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

const AREAS = [
  'inventory',
  'invoicing',
  'crm',
  'reporting',
  'multitenant',
  'team',
  'offline',
  'languages',
] as const;

export function FeaturesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-center text-3xl font-bold">
        <FormattedMessage id="features.title" />
      </h1>
      <p className="mx-auto mt-2 max-w-2xl text-center opacity-80">
        <FormattedMessage id="features.subtitle" />
      </p>
      <section id="all-features" className="mt-10 grid scroll-mt-20 gap-4 sm:grid-cols-2">
        {AREAS.map((a) => (
          <article key={a} className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <h2 className="card-title">
                <FormattedMessage id={`features.${a}.title`} />
              </h2>
              <p className="opacity-80">
                <FormattedMessage id={`features.${a}.text`} />
              </p>
            </div>
          </article>
        ))}
      </section>
      <div className="mt-10 text-center">
        <Link to="/register" className="btn btn-primary btn-lg min-h-11">
          <FormattedMessage id="nav.getStarted" />
        </Link>
      </div>
    </div>
  );
}
