// Team and settings: invitations (created, listed, revoked, previewed by link, accepted), members' roles,
// employees and the member's preferences. Thin: each route calls one SQL function of
// 20261122000500_team_functions.sql with the caller's JWT; the database decides who may do what.
import { z } from 'zod';
import {
  EmployeeInputSchema,
  EmployeeUpdateSchema,
  InvitationInputSchema,
  MemberRoleInputSchema,
  PreferencesInputSchema,
} from '@shared/schemas/team.ts';
import { adminClient, requireUser } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = {
  Organization: { reason: 'ORGANIZATION_NOT_FOUND' },
  Invitation: { reason: 'INVITATION_NOT_FOUND' },
  Member: { reason: 'MEMBER_NOT_FOUND' },
  Employee: { reason: 'EMPLOYEE_NOT_FOUND' },
};
const uuidOr404 = (id: string | undefined, what: keyof typeof NOT_FOUND): string => {
  if (!id || !UUID.test(id)) throw new AppError('NOT_FOUND', `${what} not found`, undefined, NOT_FOUND[what]);
  return id;
};

/** The organization named in the path (not the x-org-id header), the caller and the write's id. */
async function inOrg(req: Request, id: string | undefined) {
  const orgId = uuidOr404(id, 'Organization');
  const { db, mutationId } = await orgContext(req, orgId);
  return { db, orgId, mutationId };
}

// ---------------------------------------------------------------------------------------------------
// Invitations

export async function listInvitations(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await inOrg(req, id);
  const { data, error } = await db.rpc('list_invitations', { p_org_id: orgId });
  if (error) throw fromPostgrest(error);
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
export async function createInvitation(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, InvitationInputSchema);
  const { db, orgId, mutationId } = await inOrg(req, id);
  const { data, error } = await db.rpc('create_invitation', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_email: input.email,
    p_role: input.role,
    p_locale: input.locale,
  });
  if (error) throw fromPostgrest(error);
  const invitation = unwrap<Invitation>(data);
  return Response.json(
    { ...invitation, link: invitation.token ? `/invite/${invitation.token}` : null },
    { status: 201 },
  );
}

export async function revokeInvitation(req: Request, { id, invitationId }: Params): Promise<Response> {
  const { db, orgId } = await inOrg(req, id);
  const { data, error } = await db.rpc('revoke_invitation', {
    p_org_id: orgId,
    p_invitation_id: uuidOr404(invitationId, 'Invitation'),
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data));
}

/** Public: what the invite page shows before the visitor signs in or registers. */
export async function previewInvitation(req: Request, { token }: Params): Promise<Response> {
  await spendBudget(req, 'public');
  const { data, error } = await adminClient().rpc('invitation_preview', { p_token: token! });
  if (error) throw fromPostgrest(error);
  if (!data)
    throw new AppError('NOT_FOUND', 'This invitation link is not valid', undefined, {
      reason: 'INVITATION_INVALID',
    });
  return Response.json(data, { headers: { 'cache-control': 'no-store' } });
}

export async function acceptInvitation(req: Request, { token }: Params): Promise<Response> {
  const { db } = await requireUser(req);
  const { data, error } = await db.rpc('accept_invitation', { p_token: token! });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data));
}

// ---------------------------------------------------------------------------------------------------
// Members (the list is GET /api/organizations/:id/members in organizations.ts)

export async function updateMember(req: Request, { id, memberId }: Params): Promise<Response> {
  const input = await parseBody(req, MemberRoleInputSchema);
  const { db, orgId } = await inOrg(req, id);
  const { data, error } = await db.rpc('change_member_role', {
    p_org_id: orgId,
    p_user_id: uuidOr404(memberId, 'Member'),
    p_role: input.role,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data));
}

export async function removeMember(req: Request, { id, memberId }: Params): Promise<Response> {
  const { db, orgId } = await inOrg(req, id);
  const { data, error } = await db.rpc('remove_member', {
    p_org_id: orgId,
    p_user_id: uuidOr404(memberId, 'Member'),
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data));
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
const WithOrg = { orgId: z.string().optional() };

export async function listEmployees(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db
    .from('employees')
    .select('id, name, email, title, status, created_at, updated_at')
    .eq('org_id', orgId)
    .order('name')
    .order('id');
  if (error) throw fromPostgrest(error);
  return Response.json(data.map(toEmployee));
}

export async function createEmployee(req: Request): Promise<Response> {
  const { orgId: bodyOrgId, ...input } = await parseBody(req, EmployeeInputSchema.extend(WithOrg));
  const { db, orgId, mutationId } = await orgContext(req, bodyOrgId);
  const { data, error } = await db.rpc('save_employee', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: input,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toEmployee(unwrap<EmployeeRow>(data)), { status: 201 });
}

/** Edits the fields sent; `{ status: 'INACTIVE' }` deactivates. */
export async function updateEmployee(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, EmployeeUpdateSchema);
  const { db, orgId, mutationId } = await orgContext(req);
  const employeeId = uuidOr404(id, 'Employee');
  // save_employee creates an unknown id (offline adds); an edit must find the employee first.
  const { data: found, error: findError } = await db
    .from('employees')
    .select('id')
    .eq('org_id', orgId)
    .eq('id', employeeId)
    .maybeSingle();
  if (findError) throw fromPostgrest(findError);
  if (!found) throw new AppError('NOT_FOUND', 'Employee not found', undefined, NOT_FOUND.Employee);
  const { data, error } = await db.rpc('save_employee', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: { ...input, id: employeeId },
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toEmployee(unwrap<EmployeeRow>(data)));
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
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('get_preferences', { p_org_id: orgId });
  if (error) throw fromPostgrest(error);
  return Response.json(toPreferences(data));
}

export async function updatePreferences(req: Request): Promise<Response> {
  const { darkMode, ...input } = await parseBody(req, PreferencesInputSchema);
  const theme = input.theme ?? (darkMode === undefined ? undefined : darkMode ? 'dark' : 'light');
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('save_preferences', {
    p_org_id: orgId,
    p_input: { ...input, ...(theme && { theme }) },
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toPreferences(data));
}
