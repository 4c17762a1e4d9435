// Component tests of a screen as a member of an organization sees it: the member's role, what the screen
// has already read (a query cache filled beforehand: nothing asks a server) and where in the app it is
// drawn. The same organization every time (Ama Foods, Ghana, cedis), unless a test says otherwise.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Role } from '@shared/permissions.ts';
import type { Locale } from '@/lib/i18n.tsx';
import { OrganizationProvider, type Organization } from '@/lib/organization.tsx';
import { renderIn } from './render-in.tsx';

export const ORG_ID = '019a0000-0000-7000-8000-000000000001';

/** The organization as a member with `role` has it. */
export const orgAs = (role: Role, more: Partial<Organization> = {}): Organization => ({
  id: ORG_ID,
  name: 'Ama Foods',
  country: 'GH',
  currency: 'GHS',
  timezone: 'Africa/Accra',
  defaultTaxRate: 0,
  role,
  ...more,
});

/**
 * A cache that asks no server: what a test puts in it is fresh for ever, and (unless `reads`) a query
 * without data stays idle rather than fetching.
 */
export const cacheWithoutServer = ({ reads = false } = {}) =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, ...(reads ? {} : { enabled: false }) } },
  });

/**
 * Draws `ui` for `org`'s member with the cache `client`, at `path` (matched by `route` when the screen reads
 * its address's parameters), in `locale`.
 */
export function renderAs(
  org: Organization,
  ui: ReactElement,
  {
    client = cacheWithoutServer(),
    path = '/',
    route,
    locale = 'en',
  }: { client?: QueryClient; path?: string; route?: string; locale?: Locale } = {},
) {
  return renderIn(
    locale,
    <QueryClientProvider client={client}>
      <OrganizationProvider org={org}>
        <MemoryRouter initialEntries={[path]}>
          {route ? (
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
      </OrganizationProvider>
    </QueryClientProvider>,
  );
}
