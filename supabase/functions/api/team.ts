// Team and settings: invitations (created, listed, revoked, previewed by link, accepted), members' roles,
// employees and the member's preferences. Thin: each route calls one SQL function of
// 20261122000500_team_functions.sql with the caller's JWT; the database decides who may do what.
import {
  EmployeeInputSchema,
  EmployeeUpdateSchema,
  InvitationInputSchema,
  MemberRoleInputSchema,
  PreferencesInputSchema,
} from '@shared/schemas/team.ts';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { AppError } from '../_shared/errors.ts';
import { unwrap } from '../_shared/refusals.ts';
import type { Params } from './router.ts';
import { ok, orgRequest, userRequest } from './request.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = {
  Invitation: { reason: 'INVITATION_NOT_FOUND' },
  Member: { reason: 'MEMBER_NOT_FOUND' },
  Employee: { reason: 'EMPLOYEE_NOT_FOUND' },
};
const uuidOr404 = (id: string, what: keyof typeof NOT_FOUND): string => {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', `${what} not found`, undefined, NOT_FOUND[what]);
  return id;
};

// ---------------------------------------------------------------------------------------------------
// Invitations

export async function listInvitations(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { call } = await orgRequest(req, { orgId: id });
  const data = await call('list_invitations');
  return Response.json(
    data.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      status: 'Invited',
      expiresAt: i.expires_at,
      createdAt: i.created_at,
      invitedBy: i.invited_by_name,
    })),
  );
}

type Invitation = { id: string; email: string; role: string; expiresAt: string; token: string | null };

/** Invites (or re-invites) an email; the answer carries the link to share, shown only to the inviter. */
export async function createInvitation(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: InvitationInputSchema, orgId: id });
  const invitation = (await write('create_invitation', {
    p_email: body.email,
    p_role: body.role,
    p_locale: body.locale,
  })) as Invitation;
  return Response.json(
    { ...invitation, link: invitation.token ? `/invite/${invitation.token}` : null },
    { status: 201 },
  );
}

export async function revokeInvitation(
  req: Request,
  { id, invitationId }: Params<'id' | 'invitationId'>,
): Promise<Response> {
  const { call } = await orgRequest(req, { orgId: id });
  return Response.json(
    unwrap(await call('revoke_invitation', { p_invitation_id: uuidOr404(invitationId, 'Invitation') })),
  );
}

/** Public: what the invite page shows before the visitor signs in or registers. */
export async function previewInvitation(req: Request, { token }: Params<'token'>): Promise<Response> {
  await spendBudget(req, 'public');
  const { data } = ok(await adminClient().rpc('invitation_preview', { p_token: token }));
  if (!data)
    throw new AppError('NOT_FOUND', 'This invitation link is not valid', undefined, {
      reason: 'INVITATION_INVALID',
    });
  return Response.json(data, { headers: { 'cache-control': 'no-store' } });
}

export async function acceptInvitation(req: Request, { token }: Params<'token'>): Promise<Response> {
  const { db } = await userRequest(req);
  return Response.json(unwrap(ok(await db.rpc('accept_invitation', { p_token: token })).data));
}

// ---------------------------------------------------------------------------------------------------
// Members (the list is GET /api/organizations/:id/members in organizations.ts)

export async function updateMember(
  req: Request,
  { id, memberId }: Params<'id' | 'memberId'>,
): Promise<Response> {
  const { body, call } = await orgRequest(req, { body: MemberRoleInputSchema, orgId: id });
  const changed = await call('change_member_role', {
    p_user_id: uuidOr404(memberId, 'Member'),
    p_role: body.role,
  });
  return Response.json(unwrap(changed));
}

export async function removeMember(
  req: Request,
  { id, memberId }: Params<'id' | 'memberId'>,
): Promise<Response> {
  const { call } = await orgRequest(req, { orgId: id });
  return Response.json(unwrap(await call('remove_member', { p_user_id: uuidOr404(memberId, 'Member') })));
}

// ---------------------------------------------------------------------------------------------------
// Employees

type EmployeeRow = {
  id: string;
  name: string;
  email: string | null;
  title: string | null;
  status: string;
  created_at: string;
  updated_at: string;
};
const toEmployee = (e: EmployeeRow) => ({
  id: e.id,
  name: e.name,
  email: e.email,
  title: e.title,
  status: e.status,
  createdAt: e.created_at,
  updatedAt: e.updated_at,
});
export async function listEmployees(req: Request): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const { data } = ok(
    await db
      .from('employees')
      .select('id, name, email, title, status, created_at, updated_at')
      .eq('org_id', orgId)
      .order('name')
      .order('id'),
  );
  return Response.json(data.map(toEmployee));
}

export async function createEmployee(req: Request): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: EmployeeInputSchema });
  const saved = (await write('save_employee', { p_input: body })) as EmployeeRow;
  return Response.json(toEmployee(saved), { status: 201 });
}

/** Edits the fields sent; `{ status: 'INACTIVE' }` deactivates. */
export async function updateEmployee(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: EmployeeUpdateSchema });
  const employeeId = uuidOr404(id, 'Employee');
  // save_employee creates an unknown id (offline adds); an edit must find the employee first.
  const { data: found } = ok(
    await db.from('employees').select('id').eq('org_id', orgId).eq('id', employeeId).maybeSingle(),
  );
  if (!found) throw new AppError('NOT_FOUND', 'Employee not found', undefined, NOT_FOUND.Employee);
  const saved = (await write('save_employee', { p_input: { ...body, id: employeeId } })) as EmployeeRow;
  return Response.json(toEmployee(saved));
}

// ---------------------------------------------------------------------------------------------------
// Preferences (Settings > Preferences and Notifications), the current member's in the current organization

type PreferencesRow = {
  theme: string;
  compact_view: boolean;
  notify_low_stock: boolean;
  notify_payment_reminders: boolean;
  notify_new_leads: boolean;
  notify_team_activity: boolean;
  notify_marketing: boolean;
  updated_at: string | null;
};
const toPreferences = (p: PreferencesRow) => ({
  theme: p.theme,
  darkMode: p.theme === 'dark',
  compactView: p.compact_view,
  lowStockAlerts: p.notify_low_stock,
  paymentReminders: p.notify_payment_reminders,
  newLeadNotifications: p.notify_new_leads,
  teamActivity: p.notify_team_activity,
  marketingUpdates: p.notify_marketing,
  updatedAt: p.updated_at,
});

export async function getPreferences(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  return Response.json(toPreferences(await call('get_preferences')));
}

export async function updatePreferences(req: Request): Promise<Response> {
  const { body, call } = await orgRequest(req, { body: PreferencesInputSchema });
  const { darkMode, ...input } = body;
  const theme = input.theme ?? (darkMode === undefined ? undefined : darkMode ? 'dark' : 'light');
  return Response.json(
    toPreferences(await call('save_preferences', { p_input: { ...input, ...(theme && { theme }) } })),
  );
}
