import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { WEST_AFRICAN_COUNTRIES } from '@shared/countries.ts';

const POINTS = ['auth.side.secure', 'auth.side.fast', 'auth.side.team', 'auth.side.countries'] as const;

/** Sign-in and registration: the form beside the four selling points (stacked on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">{children}</div>
      </div>
      <aside className="flex flex-col justify-center gap-4 rounded-box bg-primary p-6 text-primary-content">
        <h2 className="text-xl font-bold">
          {/* Counted as the landing page counts them; registration offers each of them. */}
          <FormattedMessage id="auth.side.title" values={{ westAfrica: WEST_AFRICAN_COUNTRIES.length }} />
        </h2>
        <ul className="flex flex-col gap-3">
          {POINTS.map((p) => (
            <li key={p} className="flex gap-2">
              <span aria-hidden>✓</span>
              <FormattedMessage id={p} />
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
