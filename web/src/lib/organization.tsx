// The current organization: the one the member chose (kept under `kasuwa-org` across reloads), else
// their first. Every organization-scoped query and call carries its id.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { can, type Permission } from '@shared/permissions.ts';
import { setApiOrganization } from './api-client.ts';
import type { CurrentUser } from './session/current-user.ts';

export type Organization = CurrentUser['organizations'][number];

export const ORG_KEY = 'kasuwa-org';
const listeners = new Set<() => void>();

export function selectOrganization(id: string): void {
  localStorage.setItem(ORG_KEY, id);
  setApiOrganization(id);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === ORG_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The member's current organization among theirs (the first when none was chosen or it is gone). */
export function useCurrentOrganization(user: CurrentUser): Organization | undefined {
  const chosen = useSyncExternalStore(subscribe, () => localStorage.getItem(ORG_KEY));
  const org = user.organizations.find((o) => o.id === chosen) ?? user.organizations[0];
  setApiOrganization(org?.id ?? null);
  return org;
}

const OrganizationContext = createContext<Organization | null>(null);

export function OrganizationProvider({ org, children }: { org: Organization; children: ReactNode }) {
  return <OrganizationContext.Provider value={org}>{children}</OrganizationContext.Provider>;
}

/** The current organization of an app screen (inside the application shell). */
export function useOrganization(): Organization {
  const org = useContext(OrganizationContext);
  if (!org) throw new Error('useOrganization outside the application shell');
  return org;
}

/**
 * Whether the member's role in the current organization holds the permission (packages/shared/permissions.ts,
 * the table the database asks too): the interface hides the rest.
 */
export function useCan(permission: Permission): boolean {
  return can(useOrganization().role, permission);
}
