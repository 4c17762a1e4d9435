// /api/invoices/:id/credit-notes and /api/credit-notes/:id/refunds: corrections of an issued invoice.
import { CreditNoteInputSchema, RefundInputSchema } from '@shared/schemas/sales.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';
import { getInvoice } from './sales.ts';
import { type Db, withOrg } from './lists.ts';

/** A credit note as the invoice's page and its own document show it, with its lines and refunds. */
export interface CreditNoteView {
  id: string;
  number: string;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  reason: string;
  restock: boolean;
  createdAt: string;
  createdBy: string | null;
  /** Whether a public link to it is live. */
  shared: boolean;
  lines: {
    id: string;
    invoiceItemId: string;
    productId: string | null;
    description: string;
    qty: number;
    unitPrice: number;
    taxRate: number;
    amount: number;
    tax: number;
  }[];
  refunds: {
    id: string;
    amount: number;
    method: string;
    provider: string | null;
    ref: string | null;
    refundedAt: string;
  }[];
}

export async function invoiceCreditNotes(
  db: Db,
  orgId: string,
  invoiceId: string,
): Promise<CreditNoteView[]> {
  const { data, error } = await db
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
    .order('number');
  if (error) throw fromPostgrest(error);
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
 * lines: everything left to credit), applied once; answers the invoice as its page shows it.
 */
export async function createCreditNote(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, withOrg(CreditNoteInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { orgId: _ignored, ...note } = input;
  const { data, error } = await db.rpc('create_credit_note', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_invoice_id: id!,
    p_input: note,
  });
  if (error) throw fromPostgrest(error);
  const created = unwrap<{ id: string; number: string }>(data);
  const res = await getInvoice(req, { id: id! });
  const invoice = await res.json();
  return Response.json(
    { creditNote: invoice.creditNotes.find((n: CreditNoteView) => n.id === created.id), invoice },
    { status: 201 },
  );
}

/** POST /api/credit-notes/:id/refunds { amount, method, provider?, ref? }: money given back, applied once. */
export async function recordRefund(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, withOrg(RefundInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { orgId: _ignored, ...refund } = input;
  const { data, error } = await db.rpc('record_refund', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_credit_note_id: id!,
    p_input: refund,
  });
  if (error) throw fromPostgrest(error);
  const r = unwrap<{
    id: string;
    credit_note_id: string;
    invoice_id: string;
    amount: number;
    currency: string;
    method: string;
    provider: string | null;
    ref: string | null;
    refunded_at: string;
  }>(data);
  return Response.json(
    {
      id: r.id,
      creditNoteId: r.credit_note_id,
      invoiceId: r.invoice_id,
      amount: Number(r.amount),
      currency: r.currency,
      method: r.method,
      provider: r.provider,
      ref: r.ref,
      refundedAt: r.refunded_at,
    },
    { status: 201 },
  );
}
