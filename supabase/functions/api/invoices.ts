// /api/invoices: listed, read with their payments and credit notes, created, edited while a quote, issued,
// voided and shared; and the dashboard's metrics.
import { z } from 'zod';
import { InvoiceInputSchema, QuoteInputSchema } from '@shared/schemas/sales.ts';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError, refusalOf } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';
import { Paging, query, withOrg, withTotal } from './lists.ts';
import { invoiceCreditNotes } from './credit-notes.ts';
import { paymentReversals } from './payments.ts';

const INVOICE_STATUSES = ['QUOTE', 'ISSUED', 'PAID', 'VOID'] as const;

export async function listInvoices(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const q = query(req, Paging.extend({ status: z.enum(INVOICE_STATUSES).optional() }));
  const { data, error } = await db.rpc('search_invoices', {
    p_org_id: orgId,
    p_search: q.search ?? '',
    p_status: q.status ?? null!,
    p_limit: q.limit,
    p_offset: q.offset,
  });
  if (error) {
    if (error.code === '42501') throw new AppError('FORBIDDEN', error.message, undefined, refusalOf(error));
    throw fromPostgrest(error);
  }
  return withTotal(
    data.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      currency: i.currency,
      subtotal: Number(i.subtotal),
      tax: Number(i.tax),
      total: Number(i.total),
      amountPaid: Number(i.amount_paid),
      amountCredited: Number(i.amount_credited),
      amountDue: Number(i.amount_due),
      createdAt: i.created_at,
      issuedAt: i.issued_at,
      dueAt: i.due_at,
      customer: { id: i.customer_id, name: i.customer_name },
    })),
    Number(data[0]?.total_count ?? 0),
  );
}

/** One invoice as its page shows it: customer, lines, payments and whether a share link is live. */
export async function getInvoice(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data: i, error } = await db
    .from('invoices')
    .select(
      `id, number, quote_number, status, currency, subtotal, tax, total, amount_paid, amount_credited, amount_due,
       created_at, issued_at, due_at, voided_at,
       notes, created_by, customer:customers(id, name, email, phone, address, tax_id),
       items:invoice_items(id, product_id, description, qty, unit_price, tax_rate, discount_percent, position),
       payments(id, method, provider, amount, ref, received_at, receipt_number, balance_after, created_at, created_by),
       shares:invoice_share_tokens(id, expires_at, revoked_at)`,
    )
    .eq('org_id', orgId)
    .eq('id', id!)
    .maybeSingle();
  if (error) throw fromPostgrest(error);
  if (!i) throw new AppError('NOT_FOUND', 'Invoice not found', undefined, { reason: 'INVOICE_NOT_FOUND' });
  const reversals = await paymentReversals(db, orgId, { invoiceId: i.id });
  const creditNotes = await invoiceCreditNotes(db, orgId, i.id);
  const refunded = creditNotes.reduce((sum, n) => sum + n.refunds.reduce((s, r) => s + r.amount, 0), 0);
  // The database keeps the balance (total - credited - paid); below 0 when credit notes came after payments.
  const owed = Number(i.amount_due);
  const now = Date.now();
  return Response.json({
    id: i.id,
    number: i.number,
    quoteNumber: i.quote_number,
    status: i.status,
    currency: i.currency,
    subtotal: Number(i.subtotal),
    tax: Number(i.tax),
    total: Number(i.total),
    amountPaid: Number(i.amount_paid),
    amountCredited: Number(i.amount_credited),
    amountDue: owed,
    // What the customer still owes (never below 0) and what was overpaid and not yet given back.
    balance: Math.max(owed, 0),
    refundable: Math.max(-owed - refunded, 0),
    createdAt: i.created_at,
    issuedAt: i.issued_at,
    dueAt: i.due_at,
    voidedAt: i.voided_at,
    notes: i.notes,
    createdBy: i.created_by,
    customer: i.customer && {
      id: i.customer.id,
      name: i.customer.name,
      email: i.customer.email,
      phone: i.customer.phone,
      address: i.customer.address,
      taxId: i.customer.tax_id,
    },
    lines: [...i.items]
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        id: l.id,
        productId: l.product_id,
        description: l.description,
        qty: Number(l.qty),
        unitPrice: Number(l.unit_price),
        taxRate: Number(l.tax_rate),
        discountPercent: Number(l.discount_percent),
      })),
    payments: [...i.payments]
      .sort(
        (a, b) =>
          a.received_at.localeCompare(b.received_at) || a.receipt_number.localeCompare(b.receipt_number),
      )
      .map((p) => ({
        id: p.id,
        method: p.method,
        provider: p.provider,
        amount: Number(p.amount),
        ref: p.ref,
        receivedAt: p.received_at,
        receiptNumber: p.receipt_number,
        balanceAfter: Number(p.balance_after),
        createdAt: p.created_at,
        createdBy: p.created_by,
        reversal: reversals.get(p.id) ?? null,
      })),
    shared: i.shares.some((s) => !s.revoked_at && Date.parse(s.expires_at) > now),
    creditNotes,
  });
}

export async function createInvoice(req: Request): Promise<Response> {
  const input = await parseBody(req, withOrg(InvoiceInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('create_invoice', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: input,
  });
  if (error) throw fromPostgrest(error);
  const created = unwrap<{ id: string }>(data);
  const res = await getInvoice(req, { id: created.id });
  return new Response(res.body, { status: 201, headers: res.headers });
}

/** PUT /api/invoices/:id: a QUOTE edited (customer, currency, due date, notes, lines), applied once. */
export async function updateQuote(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, withOrg(QuoteInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { orgId: _ignored, ...quote } = input;
  const { data, error } = await db.rpc('update_quote', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_invoice_id: id!,
    p_input: quote,
  });
  if (error) throw fromPostgrest(error);
  unwrap(data);
  return getInvoice(req, { id: id! });
}

const setStatus = (status: 'ISSUED' | 'VOID') =>
  async function (req: Request, { id }: Params): Promise<Response> {
    const { db, orgId, mutationId } = await orgContext(req);
    const { data, error } = await db.rpc('set_invoice_status', {
      p_org_id: orgId,
      p_mutation_id: mutationId!,
      p_invoice_id: id!,
      p_status: status,
    });
    if (error) throw fromPostgrest(error);
    unwrap(data);
    return getInvoice(req, { id: id! });
  };
export const issueInvoice = setStatus('ISSUED');
export const voidInvoice = setStatus('VOID');

/** A new public link to the invoice; the token is in the answer once, never stored in clear. */
export async function shareInvoice(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('create_invoice_share', { p_org_id: orgId, p_invoice_id: id! });
  if (error) throw fromPostgrest(error);
  const share = data as { id: string; token: string; expiresAt: string };
  return Response.json({ ...share, path: `/i/${share.token}` }, { status: 201 });
}

export async function revokeInvoiceShares(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('revoke_invoice_shares', { p_org_id: orgId, p_invoice_id: id! });
  if (error) throw fromPostgrest(error);
  if (data === 0) {
    // Nothing revoked: say so for an invoice the caller cannot see rather than answer as if it were done.
    const seen = await db.from('invoices').select('id').eq('org_id', orgId).eq('id', id!).maybeSingle();
    if (seen.error) throw fromPostgrest(seen.error);
    if (!seen.data)
      throw new AppError('NOT_FOUND', 'Invoice not found', undefined, { reason: 'INVOICE_NOT_FOUND' });
  }
  return Response.json({ revoked: data });
}

/** The read-only invoice behind a share link: no sign-in, nothing but that invoice. */
export async function publicInvoice(req: Request, { token }: Params): Promise<Response> {
  await spendBudget(req, 'public');
  const { data, error } = await adminClient().rpc('shared_invoice', { p_token: token! });
  if (error) throw fromPostgrest(error);
  if (!data)
    throw new AppError('NOT_FOUND', 'This link is not valid any more', undefined, {
      reason: 'SHARE_LINK_INVALID',
    });
  return Response.json(data, { headers: { 'cache-control': 'no-store' } });
}

export async function getMetrics(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('get_metrics', { p_org_id: orgId });
  if (error) throw fromPostgrest(error);
  if (!data)
    throw new AppError('NOT_FOUND', 'Organization not found', undefined, {
      reason: 'ORGANIZATION_NOT_FOUND',
    });
  return Response.json(data);
}
