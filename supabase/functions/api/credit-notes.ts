// /api/invoices/:id/credit-notes and /api/credit-notes: corrections of an issued invoice, and a credit
// note's public link (/c/<token>), made, revoked and read as an invoice's. Its refunds are payments'
// (payments.ts).
import type { CreditNote } from '@shared/api/credit-notes.ts';
import type { CreditNoteCreated } from '@shared/api/invoices.ts';
import type { ShareLink } from '@shared/api/links.ts';
import { CreditNoteInputSchema } from '@shared/schemas/sales.ts';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { readInvoice } from './invoices.ts';
import { type Db, ok, orgRequest } from './request.ts';

/** An invoice's credit notes as its page and their own documents show them, with their lines and refunds. */
export async function invoiceCreditNotes(db: Db, orgId: string, invoiceId: string): Promise<CreditNote[]> {
  const { data } = ok(
    await db
      .from('credit_notes')
      .select(
        `id, number, currency, subtotal, tax, total, reason, restock, created_at, created_by,
         lines:credit_note_lines(id, invoice_item_id, product_id, description, qty, unit_price, tax_rate, amount, tax,
                                 position),
         refunds(id, amount, method, provider, ref, refunded_at),
         shares:credit_note_share_tokens(expires_at, revoked_at)`,
      )
      .eq('org_id', orgId)
      .eq('invoice_id', invoiceId)
      .order('number'),
  );
  return data.map((n) => ({
    id: n.id,
    number: n.number,
    currency: n.currency,
    subtotal: Number(n.subtotal),
    tax: Number(n.tax),
    total: Number(n.total),
    reason: n.reason,
    restock: n.restock,
    createdAt: n.created_at,
    createdBy: n.created_by,
    shared: n.shares.some((s) => !s.revoked_at && Date.parse(s.expires_at) > Date.now()),
    lines: [...n.lines]
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        id: l.id,
        invoiceItemId: l.invoice_item_id,
        productId: l.product_id,
        description: l.description,
        qty: Number(l.qty),
        unitPrice: Number(l.unit_price),
        taxRate: Number(l.tax_rate),
        amount: Number(l.amount),
        tax: Number(l.tax),
      })),
    refunds: [...n.refunds]
      .sort((a, b) => a.refunded_at.localeCompare(b.refunded_at))
      .map((r) => ({
        id: r.id,
        amount: Number(r.amount),
        method: r.method,
        provider: r.provider,
        ref: r.ref,
        refundedAt: r.refunded_at,
      })),
  }));
}

/**
 * POST /api/invoices/:id/credit-notes { reason, restock, lines? }: a credit note against the invoice (no
 * lines: everything left to credit), applied once; answers it with the invoice as its page shows it.
 */
export async function createCreditNote(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: CreditNoteInputSchema });
  const created = (await write('create_credit_note', { p_invoice_id: id, p_input: body })) as { id: string };
  const invoice = await readInvoice(db, orgId, id);
  // Made a moment ago, it is on the invoice.
  const creditNote = invoice.creditNotes.find((n) => n.id === created.id)!;
  return Response.json({ creditNote, invoice } satisfies CreditNoteCreated, { status: 201 });
}

/** The credit note's live public link, or a new one; the token is never stored in clear. */
export async function shareCreditNote(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { call } = await orgRequest(req);
  const share = (await call('create_credit_note_share', { p_credit_note_id: id })) as Omit<ShareLink, 'path'>;
  return Response.json({ ...share, path: `/c/${share.token}` } satisfies ShareLink, {
    status: share.reused ? 200 : 201,
  });
}

export async function revokeCreditNoteShares(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { call } = await orgRequest(req);
  return Response.json({ revoked: await call('revoke_credit_note_shares', { p_credit_note_id: id }) });
}

/** The read-only credit note behind a share link: no sign-in, nothing but that credit note. */
export async function publicCreditNote(req: Request, { token }: Params<'token'>): Promise<Response> {
  await spendBudget(req, 'public');
  const { data } = ok(await adminClient().rpc('shared_credit_note', { p_token: token }));
  if (!data)
    throw new AppError('NOT_FOUND', 'This link is not valid any more', undefined, {
      reason: 'SHARE_LINK_INVALID',
    });
  return Response.json(data, { headers: { 'cache-control': 'no-store' } });
}
