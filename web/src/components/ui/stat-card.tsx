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
    <section className="card border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-1 p-4">
        <h2 className="text-sm opacity-70">{title}</h2>
        <div className={`text-xl font-bold break-words sm:text-2xl ${tone === 'error' ? 'text-error' : ''}`}>
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
