// @vitest-environment happy-dom
// What the members tab offers each role. A salesperson reads the team (its members, the role descriptions)
// and is told their role cannot change it: no Invite Member, no role select, no Remove. An owner has them
// for every other member. A manager has them too, but never for the owner, and may invite as Manager,
// Accountant or Sales only. The rules themselves are the database's (supabase/tests/team.test.ts "stops a
// MANAGER from granting OWNER, changing or removing an OWNER, or inviting an OWNER",
// supabase/tests/invitations.test.ts "lets an OWNER invite any role, a MANAGER any role but OWNER, and
// refuses ACCOUNTANT and SALES"): this proves the screen offers only what the role may do.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { membersKey, type Member } from '@/lib/api/members.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { teamKeys } from './api/keys.ts';
import { MembersTab } from './members-tab.tsx';

const member = (id: string, role: Role, firstName: string, lastName: string): Member => ({
  id,
  role,
  createdAt: '2026-11-20T09:00:00Z',
  status: 'Active',
  user: { firstName, lastName, email: `${firstName.toLowerCase()}@example.com` },
});
const efua = member('019a0000-0000-7000-8000-00000000000a', 'OWNER', 'Efua', 'Boateng');
const kwame = member('019a0000-0000-7000-8000-00000000000b', 'MANAGER', 'Kwame', 'Asante');
const ama = member('019a0000-0000-7000-8000-00000000000c', 'SALES', 'Ama', 'Serwaa');

/** The members tab as `me` sees it, with Efua (owner), Kwame (manager) and Ama (sales) in the team. */
function teamAs(me: Member) {
  const org = orgAs(me.role);
  // Nothing is read from a server: the lists and the signed-in member are here.
  const client = cacheWithoutServer();
  client.setQueryData(membersKey(org.id), { total: 3, rows: [efua, kwame, ama] });
  client.setQueryData(teamKeys.invitations(org.id), []);
  client.setQueryData(['/api/auth/user'], {
    id: me.id,
    email: me.user.email,
    firstName: me.user.firstName,
    lastName: me.user.lastName,
    locale: 'en',
    organizations: [org],
  });
  const view = renderAs(org, <MembersTab />, { client, path: '/team' });
  expect(screen.getAllByTestId('member-row')).toHaveLength(3);
  return {
    ...view,
    readOnly: screen.queryByText('Your role can view the team but not change it.'),
    invite: screen.queryByRole('button', { name: 'Invite Member' }),
    roleOf: (m: Member) => screen.queryByLabelText(`Role of ${m.user.firstName} ${m.user.lastName}`),
    removeOf: (m: Member) =>
      screen.queryByRole('button', { name: `Remove ${m.user.firstName} ${m.user.lastName}` }),
    anyRemove: screen.queryAllByRole('button', { name: /^Remove/ }),
  };
}

const optionsOf = (select: HTMLElement | null) =>
  [...(select as HTMLSelectElement).options].map((o) => o.textContent);

/** The Role options of the Invite Team Member dialog, opened from the tab. */
async function inviteRoles(tab: ReturnType<typeof teamAs>) {
  await tab.user.click(tab.invite!);
  const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
  return optionsOf(within(dialog).getByLabelText('Role'));
}

describe('the members tab by role', () => {
  it('lets a salesperson read the team and the roles but change nothing', () => {
    const tab = teamAs(ama);
    expect(tab.readOnly).not.toBeNull();
    expect(tab.invite).toBeNull();
    for (const m of [efua, kwame, ama]) expect(tab.roleOf(m)).toBeNull();
    expect(tab.anyRemove).toEqual([]);
    expect(
      screen.queryByText('CRM plus read access to products and ability to create invoices'),
    ).not.toBeNull();
  });

  it('gives an owner Invite Member, and a role select and Remove for every other member, Owner included', async () => {
    const tab = teamAs(efua);
    expect(tab.readOnly).toBeNull();
    // Not for themselves: leaving or demoting oneself is not done from this list.
    expect(tab.roleOf(efua)).toBeNull();
    expect(tab.removeOf(efua)).toBeNull();
    for (const m of [kwame, ama]) {
      expect(tab.roleOf(m)).not.toBeNull();
      expect(tab.removeOf(m)).not.toBeNull();
    }
    expect(optionsOf(tab.roleOf(ama))).toEqual(['Owner', 'Manager', 'Accountant', 'Sales']);
    expect(await inviteRoles(tab)).toEqual(['Owner', 'Manager', 'Accountant', 'Sales']);
  });

  it('lets a manager invite and manage the others, but never the owner nor as owner', async () => {
    const tab = teamAs(kwame);
    expect(tab.readOnly).toBeNull();
    expect(tab.roleOf(efua)).toBeNull();
    expect(tab.removeOf(efua)).toBeNull();
    expect(tab.roleOf(ama)).not.toBeNull();
    expect(tab.removeOf(ama)).not.toBeNull();
    expect(optionsOf(tab.roleOf(ama))).toEqual(['Manager', 'Accountant', 'Sales']);
    expect(await inviteRoles(tab)).toEqual(['Manager', 'Accountant', 'Sales']);
  });
});
