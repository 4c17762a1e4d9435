// /api/customers/:id/statement: a customer's statement for a period (owners, managers, accountants), its
// public link (/s/<token>) made and revoked, and /api/public/statements/:token for whoever has the link.
// Everything is computed and checked by the SQL functions (20261122000950_statements.sql).
import { z } from 'zod';
import type { ShareLink } from '@shared/api/links.ts';
import type { Statement } from '@shared/api/statements.ts';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { ok, orgRequest, query } from './request.ts';

const Period = z.object({ from: z.string().trim().max(40), to: z.string().trim().max(40) });

export async function customerStatement(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { call } = await orgRequest(req);
  const { from, to } = query(req, Period);
  const statement = await call('customer_statement', { p_customer_id: id, p_from: from, p_to: to });
  return Response.json(statement as unknown as Statement);
}

export async function shareStatement(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, call } = await orgRequest(req, { body: Period });
  const share = (await call('create_statement_share', {
    p_customer_id: id,
    p_from: body.from,
    p_to: body.to,
  })) as Omit<ShareLink, 'path'>;
  return Response.json({ ...share, path: `/s/${share.token}` } satisfies ShareLink, { status: 201 });
}

export async function revokeStatementShares(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { call } = await orgRequest(req);
  return Response.json({ revoked: await call('revoke_statement_shares', { p_customer_id: id }) });
}

/** The statement behind a share link: no sign-in, nothing but that customer's statement for that period. */
export async function publicStatement(req: Request, { token }: Params<'token'>): Promise<Response> {
  await spendBudget(req, 'public');
  const { data } = ok(await adminClient().rpc('shared_statement', { p_token: token }));
  if (!data)
    throw new AppError('NOT_FOUND', 'This link is not valid any more', undefined, {
      reason: 'SHARE_LINK_INVALID',
    });
  return Response.json(data as unknown as Statement, { headers: { 'cache-control': 'no-store' } });
}
