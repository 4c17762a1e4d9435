// /api/customers/:id/statement: a customer's statement for a period (owners, managers, accountants), its
// public link (/s/<token>) made and revoked, and /api/public/statements/:token for whoever has the link.
// Everything is computed and checked by the SQL functions (20261122000950_statements.sql).
import { z } from 'zod';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { orgContext } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, invalidQuery, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

const Period = z.object({ from: z.string().trim().max(40), to: z.string().trim().max(40) });

function period(req: Request) {
  const parsed = Period.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidQuery(parsed.error);
  return parsed.data;
}

export async function customerStatement(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { from, to } = period(req);
  const { data, error } = await db.rpc('customer_statement', {
    p_org_id: orgId,
    p_customer_id: id!,
    p_from: from,
    p_to: to,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(data);
}

export async function shareStatement(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { from, to } = await parseBody(req, Period);
  const { data, error } = await db.rpc('create_statement_share', {
    p_org_id: orgId,
    p_customer_id: id!,
    p_from: from,
    p_to: to,
  });
  if (error) throw fromPostgrest(error);
  const share = data as { id: string; token: string; expiresAt: string };
  return Response.json({ ...share, path: `/s/${share.token}` }, { status: 201 });
}

export async function revokeStatementShares(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('revoke_statement_shares', { p_org_id: orgId, p_customer_id: id! });
  if (error) throw fromPostgrest(error);
  return Response.json({ revoked: data });
}

/** The statement behind a share link: no sign-in, nothing but that customer's statement for that period. */
export async function publicStatement(req: Request, { token }: Params): Promise<Response> {
  await spendBudget(req, 'public');
  const { data, error } = await adminClient().rpc('shared_statement', { p_token: token! });
  if (error) throw fromPostgrest(error);
  if (!data)
    throw new AppError('NOT_FOUND', 'This link is not valid any more', undefined, {
      reason: 'SHARE_LINK_INVALID',
    });
  return Response.json(data, { headers: { 'cache-control': 'no-store' } });
}
