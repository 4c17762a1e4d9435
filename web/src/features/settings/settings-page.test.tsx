// @vitest-environment happy-dom
// What Settings offers by role: an accountant reads the organization, its plan and its activity log, but
// changes nothing and is not offered to delete it; its owner is; a salesperson has no activity log. The
// database and /api refuse the rest (supabase/tests/roles.test.ts, supabase/tests/role-matrix.test.ts,
// tests/api/role-matrix.test.ts, tests/api/organizations.test.ts, tests/api/audit.test.ts); the page does not
// offer it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { businessProfileQuery, type BusinessProfile } from '@/lib/api/business-profile.ts';
import type { CurrentUser } from '@/lib/session/current-user.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { settingsKeys, type Plan } from './api/keys.ts';
import { SettingsPage } from './settings-page.tsx';

const plan: Plan = {
  plan: 'STARTER',
  status: 'ACTIVE',
  startsAt: null,
  endsAt: null,
  trialEndsAt: null,
  limits: { members: 2, invoicesPerMonth: 50, products: 100 },
  usage: { members: 2, invoicesPerMonth: 0, products: 0 },
};

/** Settings as a member with `role` opens it (on its first tab, Organization). */
function settingsAs(role: Role) {
  localStorage.clear();
  const org = orgAs(role);
  const user: CurrentUser = {
    id: '019a0000-0000-7000-8000-0000000000aa',
    email: 'yaw@test.kasuwa.app',
    firstName: 'Yaw',
    lastName: 'Darko',
    locale: 'en',
    organizations: [org],
  };
  // What the page reads, in its cache beforehand: it asks the server nothing.
  const client = cacheWithoutServer({ reads: true });
  client.setQueryData(settingsKeys.organization(org.id), {
    id: org.id,
    name: org.name,
    country: 'GH',
    currency: 'GHS',
  });
  client.setQueryData(businessProfileQuery(org.id).queryKey, {} as BusinessProfile);
  client.setQueryData(settingsKeys.reminders(org.id), { enabled: true, steps: [-3, 0, 7] });
  client.setQueryData(settingsKeys.plan(org.id), plan);
  return renderAs(org, <SettingsPage user={user} />, { client, path: '/settings' });
}

const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Organization Name' });
const activityTab = () => screen.queryAllByRole('tab', { name: 'Activity log' });
const deleteOffered = () => screen.queryAllByRole('button', { name: 'Delete organization' }).length > 0;

describe('Settings by role', () => {
  it('lets an accountant read the organization, its plan and its activity log, not change or delete it', async () => {
    const { user } = settingsAs('ACCOUNTANT');
    await user.type(nameField(), ' Ltd');
    expect(nameField().value).toBe('Ama Foods');
    expect(screen.queryByTestId('danger-zone')).toBeNull();
    expect(deleteOffered()).toBe(false);
    expect(activityTab()).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Plan' }));
    expect(screen.getByRole('heading', { name: 'Starter' })).toBeDefined();
    expect(screen.getByTestId('plan-members').textContent).toContain('2 of 2');
  });

  it('offers the owner to change the organization and, in its danger zone, to delete it', async () => {
    const { user } = settingsAs('OWNER');
    await user.type(nameField(), ' Ltd');
    expect(nameField().value).toBe('Ama Foods Ltd');
    expect(screen.getByTestId('danger-zone').textContent).toContain('Danger zone');
    expect(deleteOffered()).toBe(true);
  });

  it('gives a salesperson no activity log', () => {
    settingsAs('SALES');
    expect(screen.getByRole('tab', { name: 'Plan' })).toBeDefined();
    expect(activityTab()).toHaveLength(0);
  });
});
