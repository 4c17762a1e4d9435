import type { ReactNode } from 'react';

/** A figure with its title and hint lines, as the dashboard, accounting and reports cards show them. */
export function StatCard({
  title,
  value,
  hints = [],
  testId,
  tone,
}: {
  title: ReactNode;
  value: ReactNode;
  hints?: ReactNode[];
  testId?: string;
  /** 'error' shows the figure in red (a loss). */
  tone?: 'error';
}) {
  return (
    <section className="@container card border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-1 p-4">
        <h2 className="text-sm opacity-70">{title}</h2>
        {/* A figure is never cut mid-number: its size follows the card's width (₦1,737,500.00 fits a phone's
            half-width card). */}
        <div
          className={`text-[clamp(1rem,11cqi,1.5rem)] font-bold whitespace-nowrap ${tone === 'error' ? 'text-error' : ''}`}
        >
          {value}
        </div>
        {hints.map((hint, i) =>
          hint ? (
            <p key={i} className="text-xs opacity-70">
              {hint}
            </p>
          ) : null,
        )}
      </div>
    </section>
  );
}
