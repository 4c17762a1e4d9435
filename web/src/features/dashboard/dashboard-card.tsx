// A dashboard card: a bordered box with its title, the frame each part of the dashboard sits in.
import type { ReactNode } from 'react';

export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card min-w-0 border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-2 p-4">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  );
}
