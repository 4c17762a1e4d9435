import type { ReactNode } from 'react';

/** What a list says when it has nothing to show, with the action that fills it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-10 text-center">
      <p className="font-medium opacity-80">{title}</p>
      {children}
    </div>
  );
}
