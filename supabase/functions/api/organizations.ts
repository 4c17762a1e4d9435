// /api/organizations and /api/profile: thin over the tables and SQL functions, under the caller's RLS.
import {
  BusinessProfileInputSchema,
  OrganizationInputSchema,
  ProfileInputSchema,
} from '@shared/schemas/accounts.ts';
import { z } from 'zod';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { ok, userRequest } from './request.ts';

const COLUMNS = 'id, name, country, currency, timezone, default_tax_rate';
const toOrganization = (o: {
  id: string;
  name: string;
  country: string;
  currency: string;
  timezone: string;
  default_tax_rate: number;
}) => ({
  id: o.id,
  name: o.name,
  country: o.country,
  currency: o.currency,
  timezone: o.timezone,
  defaultTaxRate: o.default_tax_rate,
});

export async function createOrganization(req: Request): Promise<Response> {
  const { db, body } = await userRequest(req, { body: OrganizationInputSchema });
  const { data } = ok(
    await db.rpc('create_organization', {
      p_name: body.name,
      p_country: body.country,
      p_currency: body.currency,
    }),
  );
  return Response.json(toOrganization(data), { status: 201 });
}

export async function getOrganization(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db } = await userRequest(req);
  const { data } = ok(await db.from('organizations').select(COLUMNS).eq('id', id).maybeSingle());
  if (!data)
    throw new AppError('NOT_FOUND', 'Organization not found', undefined, {
      reason: 'ORGANIZATION_NOT_FOUND',
    });
  return Response.json(toOrganization(data));
}

export async function updateOrganization(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, body } = await userRequest(req, { body: OrganizationInputSchema });
  const { data } = ok(
    await db
      .from('organizations')
      .update({
        name: body.name,
        country: body.country,
        currency: body.currency,
        ...(body.timezone && { timezone: body.timezone }),
        ...(body.defaultTaxRate !== undefined && { default_tax_rate: body.defaultTaxRate }),
      })
      .eq('id', id)
      .select(COLUMNS)
      .maybeSingle(),
  );
  // RLS hides the row from members who may not edit it: tell them apart from a missing organization.
  if (!data) {
    const { data: visible } = await db.from('organizations').select('id').eq('id', id).maybeSingle();
    throw visible
      ? new AppError('FORBIDDEN', 'You do not have permission to do this')
      : new AppError('NOT_FOUND', 'Organization not found', undefined, { reason: 'ORGANIZATION_NOT_FOUND' });
  }
  return Response.json(toOrganization(data));
}

export async function listMembers(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db } = await userRequest(req);
  const { data } = ok(
    await db
      .from('memberships')
      .select('user_id, role, created_at, user:profiles(first_name, last_name, email)')
      .eq('org_id', id)
      .order('created_at'),
  );
  return Response.json(
    data.map((m) => ({
      id: m.user_id,
      role: m.role,
      createdAt: m.created_at,
      status: 'Active',
      user: {
        firstName: m.user?.first_name ?? '',
        lastName: m.user?.last_name ?? '',
        email: m.user?.email ?? '',
      },
    })),
  );
}

export async function updateProfile(req: Request): Promise<Response> {
  const { userId, db, body } = await userRequest(req, { body: ProfileInputSchema });
  const { data } = ok(
    await db
      .from('profiles')
      .update({ first_name: body.firstName, last_name: body.lastName, locale: body.locale })
      .eq('id', userId)
      .select('first_name, last_name, email, locale')
      .single(),
  );
  return Response.json({
    firstName: data.first_name,
    lastName: data.last_name,
    email: data.email,
    locale: data.locale,
  });
}

const PROFILE_COLUMNS =
  'legal_name, address, phone, email, tax_id_label, tax_id, logo, bank_name, bank_account_name, bank_account_number, mobile_money, payment_terms_days, footer';
type ProfileRow = {
  legal_name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  tax_id_label: string | null;
  tax_id: string | null;
  logo: string | null;
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  mobile_money: unknown;
  payment_terms_days: number | null;
  footer: string | null;
};
const toProfile = (p: ProfileRow | null) => ({
  legalName: p?.legal_name ?? null,
  address: p?.address ?? null,
  phone: p?.phone ?? null,
  email: p?.email ?? null,
  taxIdLabel: p?.tax_id_label ?? null,
  taxId: p?.tax_id ?? null,
  logo: p?.logo ?? null,
  bankName: p?.bank_name ?? null,
  bankAccountName: p?.bank_account_name ?? null,
  bankAccountNumber: p?.bank_account_number ?? null,
  mobileMoney: Array.isArray(p?.mobile_money) ? p.mobile_money : [],
  paymentTermsDays: p?.payment_terms_days ?? null,
  footer: p?.footer ?? null,
});

/** GET /api/organizations/:id/profile: the business profile printed on documents (every member reads it). */
export async function getBusinessProfile(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db } = await userRequest(req);
  const [org, profile] = await Promise.all([
    db.from('organizations').select('id').eq('id', id).maybeSingle(),
    db.from('business_profiles').select(PROFILE_COLUMNS).eq('org_id', id).maybeSingle(),
  ]);
  ok(org);
  ok(profile);
  if (!org.data)
    throw new AppError('NOT_FOUND', 'Organization not found', undefined, {
      reason: 'ORGANIZATION_NOT_FOUND',
    });
  return Response.json(toProfile(profile.data));
}

/** PUT /api/organizations/:id/profile: an owner or manager sets the business profile (all of it). */
export async function updateBusinessProfile(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, body: input } = await userRequest(req, { body: BusinessProfileInputSchema });
  const { data } = ok(
    await db
      .from('business_profiles')
      .upsert({
        org_id: id,
        legal_name: input.legalName ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        tax_id_label: input.taxIdLabel ?? null,
        tax_id: input.taxId ?? null,
        logo: input.logo ?? null,
        bank_name: input.bankName ?? null,
        bank_account_name: input.bankAccountName ?? null,
        bank_account_number: input.bankAccountNumber ?? null,
        mobile_money: input.mobileMoney,
        payment_terms_days: input.paymentTermsDays ?? null,
        footer: input.footer ?? null,
      })
      .select(PROFILE_COLUMNS)
      .single(),
  );
  return Response.json(toProfile(data));
}

/** GET /api/organizations/:id/plan: the plan, license status and dates, limits and usage (Settings > Plan). */
export async function getPlan(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db } = await userRequest(req);
  return Response.json(ok(await db.rpc('get_plan', { p_org_id: id })).data);
}

const DeleteOrganizationSchema = z.object({
  name: z.string({ message: 'CONFIRM_NAME_MISMATCH' }).trim(),
});

/**
 * DELETE /api/organizations/:id { name }: an OWNER deletes the organization and everything in it, after
 * typing its name. RLS allows the deletion to owners only; the name must match (case aside).
 */
export async function deleteOrganization(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, body: input } = await userRequest(req, { body: DeleteOrganizationSchema });
  const { data: org } = ok(await db.from('organizations').select('id, name').eq('id', id).maybeSingle());
  if (!org)
    throw new AppError('NOT_FOUND', 'Organization not found', undefined, {
      reason: 'ORGANIZATION_NOT_FOUND',
    });
  if (input.name.toLocaleLowerCase() !== org.name.trim().toLocaleLowerCase())
    throw new AppError(
      'VALIDATION_FAILED',
      'Type the organization name to confirm',
      { fields: [{ field: 'name', reason: 'CONFIRM_NAME_MISMATCH' }] },
      { reason: 'CONFIRM_NAME_MISMATCH', field: 'name' },
    );
  const { data } = ok(await db.from('organizations').delete().eq('id', id).select('id'));
  if (!data.length)
    throw new AppError('FORBIDDEN', 'Only an owner can delete the organization', undefined, {
      reason: 'ORGANIZATION_DELETE_FORBIDDEN',
    });
  return new Response(null, { status: 204 });
}
