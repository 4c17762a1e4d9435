// /api/invoices: listed, read with their payments and credit notes, created, edited while a quote, issued,
// voided, and shared by a public link.
import { z } from 'zod';
import type { Invoice, InvoiceSummary } from '@shared/api/invoices.ts';
import type { ShareLink } from '@shared/api/links.ts';
import { InvoiceInputSchema, QuoteInputSchema } from '@shared/schemas/sales.ts';
import { INVOICE_STATUSES } from '@shared/schemas/values.ts';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { type Db, ok, orgRequest, Paging, query, withTotal } from './request.ts';
import { invoiceCreditNotes } from './credit-notes.ts';
import { paymentReversals } from './payments.ts';

const notFound = () =>
  new AppError('NOT_FOUND', 'Invoice not found', undefined, { reason: 'INVOICE_NOT_FOUND' });

type Amount = string | number;
/** An invoice's amounts as the API answers them (Postgres numerics arrive as strings), the balance as kept. */
const moneyOf = (i: {
  subtotal: Amount;
  tax: Amount;
  total: Amount;
  amount_paid: Amount;
  amount_credited: Amount;
  amount_due: Amount;
}) => ({
  subtotal: Number(i.subtotal),
  tax: Number(i.tax),
  total: Number(i.total),
  amountPaid: Number(i.amount_paid),
  amountCredited: Number(i.amount_credited),
  amountDue: Number(i.amount_due),
});

export async function listInvoices(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  const q = query(req, Paging.extend({ status: z.enum(INVOICE_STATUSES).optional() }));
  const data = await call('search_invoices', {
    p_search: q.search ?? '',
    p_status: q.status ?? null,
    p_limit: q.limit,
    p_offset: q.offset,
  });
  return withTotal(
    data.map((i): InvoiceSummary => ({
      id: i.id,
      number: i.number,
      status: i.status,
      currency: i.currency,
      ...moneyOf(i),
      createdAt: i.created_at,
      issuedAt: i.issued_at,
      dueAt: i.due_at,
      customer: { id: i.customer_id, name: i.customer_name },
    })),
    Number(data[0]?.total_count ?? 0),
  );
}

/** One invoice as its page shows it: customer, lines, payments, credit notes and whether a link is live. */
export async function readInvoice(db: Db, orgId: string, id: string): Promise<Invoice> {
  const { data: i } = ok(
    await db
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
      .eq('id', id)
      .maybeSingle(),
  );
  if (!i) throw notFound();
  const reversals = await paymentReversals(db, orgId, { invoiceId: i.id });
  const creditNotes = await invoiceCreditNotes(db, orgId, i.id);
  const refunded = creditNotes.reduce((sum, n) => sum + n.refunds.reduce((s, r) => s + r.amount, 0), 0);
  // The database keeps the balance (total - credited - paid); below 0 when credit notes came after payments.
  const owed = Number(i.amount_due);
  const now = Date.now();
  return {
    id: i.id,
    number: i.number,
    quoteNumber: i.quote_number,
    status: i.status,
    currency: i.currency,
    ...moneyOf(i),
    // What the customer still owes (never below 0) and what was overpaid and not yet given back.
    balance: Math.max(owed, 0),
    refundable: Math.max(-owed - refunded, 0),
    createdAt: i.created_at,
    issuedAt: i.issued_at,
    dueAt: i.due_at,
    voidedAt: i.voided_at,
    notes: i.notes,
    createdBy: i.created_by,
    customer: {
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
  };
}

export async function getInvoice(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  return Response.json(await readInvoice(db, orgId, id));
}

/** POST /api/invoices: answers the invoice as its page shows it, so the app opens it without reading it again. */
export async function createInvoice(req: Request): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: InvoiceInputSchema });
  const created = (await write('create_invoice', { p_input: body })) as { id: string };
  return Response.json(await readInvoice(db, orgId, created.id), { status: 201 });
}

/** PUT /api/invoices/:id: a QUOTE edited (customer, currency, due date, notes, lines), applied once. */
export async function updateQuote(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: QuoteInputSchema });
  await write('update_quote', { p_invoice_id: id, p_input: body });
  return Response.json(await readInvoice(db, orgId, id));
}

const setStatus = (status: 'ISSUED' | 'VOID') =>
  async function (req: Request, { id }: Params<'id'>): Promise<Response> {
    const { db, orgId, write } = await orgRequest(req);
    await write('set_invoice_status', { p_invoice_id: id, p_status: status });
    return Response.json(await readInvoice(db, orgId, id));
  };
export const issueInvoice = setStatus('ISSUED');
export const voidInvoice = setStatus('VOID');

/** A new public link to the invoice; the token is in the answer once, never stored in clear. */
export async function shareInvoice(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { call } = await orgRequest(req);
  const share = (await call('create_invoice_share', { p_invoice_id: id })) as Omit<ShareLink, 'path'>;
  return Response.json({ ...share, path: `/i/${share.token}` } satisfies ShareLink, { status: 201 });
}

export async function revokeInvoiceShares(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId, call } = await orgRequest(req);
  const revoked = await call('revoke_invoice_shares', { p_invoice_id: id });
  if (revoked === 0) {
    // Nothing revoked: say so for an invoice the caller cannot see rather than answer as if it were done.
    const seen = ok(await db.from('invoices').select('id').eq('org_id', orgId).eq('id', id).maybeSingle());
    if (!seen.data) throw notFound();
  }
  return Response.json({ revoked });
}

/** The read-only invoice behind a share link: no sign-in, nothing but that invoice. */
export async function publicInvoice(req: Request, { token }: Params<'token'>): Promise<Response> {
  await spendBudget(req, 'public');
  const { data } = ok(await adminClient().rpc('shared_invoice', { p_token: token }));
  if (!data)
    throw new AppError('NOT_FOUND', 'This link is not valid any more', undefined, {
      reason: 'SHARE_LINK_INVALID',
    });
  return Response.json(data, { headers: { 'cache-control': 'no-store' } });
}
