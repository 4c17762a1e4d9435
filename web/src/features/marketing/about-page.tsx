import { FormattedMessage } from 'react-intl';

const VALUES = ['simple', 'trust', 'local'] as const;
const TEAM = ['founder', 'engineering', 'support'] as const;
const TIMELINE = ['2024', '2025', '2026'] as const;

export function AboutPage() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12">
      <header className="text-center">
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="about.title" />
        </h1>
        <p className="mt-2 opacity-80">
          <FormattedMessage id="about.mission" />
        </p>
      </header>
      <section>
        <h2 className="text-2xl font-bold">
          <FormattedMessage id="about.valuesTitle" />
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {VALUES.map((v) => (
            <li key={v} className="card bg-base-200">
              <div className="card-body">
                <h3 className="card-title">
                  <FormattedMessage id={`about.values.${v}.title`} />
                </h3>
                <p>
                  <FormattedMessage id={`about.values.${v}.text`} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className="text-2xl font-bold">
          <FormattedMessage id="about.teamTitle" />
        </h2>
        <ul className="mt-4 grid gap-2 md:grid-cols-3">
          {TEAM.map((t) => (
            <li key={t} className="rounded-box border border-base-300 p-4">
              <FormattedMessage id={`about.team.${t}`} />
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className="text-2xl font-bold">
          <FormattedMessage id="about.timelineTitle" />
        </h2>
        <ol className="mt-4 flex flex-col gap-3 border-l-2 border-primary pl-4">
          {TIMELINE.map((y) => (
            <li key={y}>
              <span className="font-bold">{y}</span> — <FormattedMessage id={`about.timeline.${y}`} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
