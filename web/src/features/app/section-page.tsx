import { FormattedMessage } from 'react-intl';

/** An area of the app whose screens are still to come: says so plainly instead of showing a fake screen. */
export function SectionPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <p className="opacity-70">
        <FormattedMessage id="app.comingNext" />
      </p>
    </section>
  );
}
