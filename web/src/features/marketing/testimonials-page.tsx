import { FormattedMessage } from 'react-intl';
import { TestimonialCard } from './testimonial-card.tsx';

const ENTRIES = [1, 2, 3, 4, 5, 6] as const;

/** Sample testimonials (placeholders until real customers are quoted, as the page says). */
export function TestimonialsPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-center text-3xl font-bold">
        <FormattedMessage id="testimonials.title" />
      </h1>
      <p className="mt-2 text-center text-sm opacity-70">
        <FormattedMessage id="testimonials.sample" />
      </p>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        {ENTRIES.map((n) => (
          <TestimonialCard key={n} n={n} />
        ))}
      </div>
    </div>
  );
}
