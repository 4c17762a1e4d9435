// A credit note's public link (/c/<token>), made, revoked and read as an invoice's, and any document sent to
// a customer by e-mail (POST /api/document-mails). The SQL functions decide who may and how many
// (20261122000900_sales_functions.sql, 20261127000500_mail_sender.sql).
import { DocumentMailInputSchema } from '@shared/schemas/document-mail.ts';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { orgContext } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

/** The credit note's live public link, or a new one; the token is never stored in clear. */
export async function shareCreditNote(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('create_credit_note_share', {
    p_org_id: orgId,
    p_credit_note_id: id!,
  });
  if (error) throw fromPostgrest(error);
  const share = data as { id: string; token: string; expiresAt: string; reused: boolean };
  return Response.json({ ...share, path: `/c/${share.token}` }, { status: share.reused ? 200 : 201 });
}

export async function revokeCreditNoteShares(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('revoke_credit_note_shares', {
    p_org_id: orgId,
    p_credit_note_id: id!,
  });
  if (error) throw fromPostgrest(error);
  return Response.json({ revoked: data });
}

/** The read-only credit note behind a share link: no sign-in, nothing but that credit note. */
export async function publicCreditNote(req: Request, { token }: Params): Promise<Response> {
  await spendBudget(req, 'public');
  const { data, error } = await adminClient().rpc('shared_credit_note', { p_token: token! });
  if (error) throw fromPostgrest(error);
  if (!data)
    throw new AppError('NOT_FOUND', 'This link is not valid any more', undefined, {
      reason: 'SHARE_LINK_INVALID',
    });
  return Response.json(data, { headers: { 'cache-control': 'no-store' } });
}

/**
 * Queues a document to the customer's address (202): the mail sender sends it with the document's link. An
 * Idempotency-Key sent again queues nothing more.
 */
export async function sendDocumentMail(req: Request): Promise<Response> {
  const { db, orgId, mutationId } = await orgContext(req);
  const input = await parseBody(req, DocumentMailInputSchema);
  const { data, error } = await db.rpc('send_document_mail', {
    p_org_id: orgId,
    p_kind: input.kind,
    p_id: input.id,
    p_email: input.email,
    p_receipt: input.receipt,
    p_from: input.from,
    p_to: input.to,
    p_request_id: mutationId ?? undefined,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(data, { status: 202 });
}
