// Members of the current organization: the list (from lib/api/members.ts, which other screens read too) and
// the writes that change a member's role or remove them.
import type { Role } from '@shared/schemas/team.ts';
import { useWrite } from '@/lib/use-write.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { Member } from '@/lib/api/members.ts';
import { ORG_KEY } from './keys.ts';

export { type Member, useMembers } from '@/lib/api/members.ts';

export function useChangeRole() {
  const orgId = useOrganization().id;
  return useWrite<{ member: Member; role: Role }, { id: string; role: Role }>(
    ({ member, role }) => ({
      method: 'PUT',
      path: `/api/organizations/${orgId}/members/${member.id}`,
      body: { role },
      label: member.user.email,
    }),
    [ORG_KEY],
  );
}

export function useRemoveMember() {
  const orgId = useOrganization().id;
  return useWrite<Member, unknown>(
    (member) => ({
      method: 'DELETE',
      path: `/api/organizations/${orgId}/members/${member.id}`,
      label: member.user.email,
    }),
    [ORG_KEY],
  );
}
