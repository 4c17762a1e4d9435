import { FormattedMessage } from 'react-intl';

/** One sample testimonial (`testimonials.<n>.*`), on the landing page and the testimonials page. */
export function TestimonialCard({ n }: { n: number }) {
  return (
    <figure className="card bg-base-200">
      <blockquote className="card-body">
        <p>
          “<FormattedMessage id={`testimonials.${n}.quote`} />”
        </p>
        <figcaption className="text-sm font-semibold">
          <FormattedMessage id={`testimonials.${n}.author`} />
        </figcaption>
      </blockquote>
    </figure>
  );
}
