// /api/customers, /api/invoices, /api/payments: thin over the tables and the mutation functions.
import { z } from 'zod';
import {
  CreditNoteInputSchema,
  CustomerInputSchema,
  CustomerMergeInputSchema,
  InvoiceInputSchema,
  PaymentInputSchema,
  QuoteInputSchema,
  RefundInputSchema,
  ReversalInputSchema,
} from '../../../packages/shared/schemas/sales.ts';
import { adminClient } from '../_shared/clients.ts';
import { spendBudget } from '../_shared/budget.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError, refusalOf } from '../_shared/errors.ts';
import { fromPostgrest, invalidQuery, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

const withOrg = <T extends z.ZodType>(schema: T) =>
  z.intersection(schema, z.object({ orgId: z.string().optional() }));

type CustomerRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address?: string | null;
  tax_id?: string | null;
  created_at: string;
};
const toCustomer = (c: CustomerRow) => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: c.address ?? null,
  taxId: c.tax_id ?? null,
  createdAt: c.created_at,
});

const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(100).optional(),
});
function query<T extends z.ZodType>(req: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidQuery(parsed.error);
  return parsed.data;
}
const withTotal = (body: unknown, total: number) =>
  Response.json(body, { headers: { 'x-total-count': String(total) } });

export async function listCustomers(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const q = query(req, Paging);
  // One SQL function searches with the trigram indexes (which RLS would keep it from using).
  const { data, error } = await db.rpc('list_customers', {
    p_org_id: orgId,
    p_search: q.search ?? '',
    p_limit: q.limit,
    p_offset: q.offset,
  });
  if (error) {
    if (error.code === '42501') throw new AppError('FORBIDDEN', error.message, undefined, refusalOf(error));
    throw fromPostgrest(error);
  }
  const page = data as unknown as { total: number; rows: CustomerRow[] };
  return withTotal(page.rows.map(toCustomer), page.total);
}

async function saveCustomer(req: Request, id?: string): Promise<Response> {
  const input = await parseBody(req, withOrg(CustomerInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('save_customer', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: { ...input, id: id ?? input.id },
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toCustomer(unwrap<CustomerRow>(data)), { status: id ? 200 : 201 });
}
export const createCustomer = (req: Request) => saveCustomer(req);
export const updateCustomer = (req: Request, { id }: Params) => saveCustomer(req, id);

/** DELETE /api/customers/:id: a customer nothing refers to (owners and managers), applied once. */
export async function deleteCustomer(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc('delete_customer', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_customer_id: id!,
  });
  if (error) throw fromPostgrest(error);
  return Response.json({ id: unwrap<CustomerRow>(data).id, deleted: true });
}

/**
 * POST /api/customers/:id/merge { into }: this customer (a duplicate) merged into the one kept — its
 * invoices, subscriptions, statement links and documents move there — applied once. Answers the kept customer and
 * how much moved.
 */
export async function mergeCustomer(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, withOrg(CustomerMergeInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('merge_customers', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_from: id!,
    p_into: input.into,
  });
  if (error) throw fromPostgrest(error);
  const m = unwrap<{
    customer: CustomerRow;
    mergedId: string;
    invoices: number;
    subscriptions: number;
    shareLinks: number;
    documents: number;
  }>(data);
  return Response.json({
    customer: toCustomer(m.customer),
    mergedId: m.mergedId,
    moved: {
      invoices: m.invoices,
      subscriptions: m.subscriptions,
      shareLinks: m.shareLinks,
      documents: m.documents,
    },
  });
}

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
      `id, number, quote_number, status, currency, subtotal, tax, total, amount_paid, amount_credited, created_at,
       issued_at, due_at, voided_at,
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
  const owed = Number(i.total) - Number(i.amount_credited) - Number(i.amount_paid);
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

async function invoiceCreditNotes(db: Db, orgId: string, invoiceId: string): Promise<CreditNoteView[]> {
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

type Db = Awaited<ReturnType<typeof orgContext>>['db'];
/** A payment's reversal as the app shows it: why, when and by whom. */
export interface PaymentReversal {
  id: string;
  reason: string;
  amount: number;
  reversedAt: string;
  createdBy: string | null;
}

/** The reversals of one invoice's payments, or of the payments given, by payment id. */
async function paymentReversals(
  db: Db,
  orgId: string,
  of: { invoiceId: string } | { paymentIds: string[] },
): Promise<Map<string, PaymentReversal>> {
  let q = db
    .from('payment_reversals')
    .select('id, payment_id, reason, amount, reversed_at, created_by')
    .eq('org_id', orgId);
  if ('invoiceId' in of) q = q.eq('invoice_id', of.invoiceId);
  else if (of.paymentIds.length) q = q.in('payment_id', of.paymentIds);
  else return new Map();
  const { data, error } = await q;
  if (error) throw fromPostgrest(error);
  return new Map(
    data.map((r) => [
      r.payment_id,
      {
        id: r.id,
        reason: r.reason,
        amount: Number(r.amount),
        reversedAt: r.reversed_at,
        createdBy: r.created_by,
      },
    ]),
  );
}

const PaymentsQuery = Paging.extend({ ref: z.string().trim().min(1).max(255).optional() });

export async function listPayments(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const q = query(req, PaymentsQuery);
  if (q.ref !== undefined) {
    // The payments that count already recorded with this reference (the app asks before using it again).
    const { data, error } = await db.rpc('payments_with_reference', { p_org_id: orgId, p_ref: q.ref });
    if (error) throw fromPostgrest(error);
    const rows = (data ?? []) as { amount: number | string }[];
    return withTotal(
      rows.map((p) => ({ ...p, amount: Number(p.amount), reversal: null })),
      rows.length,
    );
  }
  const { data, error, count } = await db
    .from('payments')
    .select(
      'id, method, provider, amount, currency, ref, received_at, invoice:invoices(id, number, currency, customer:customers(name))',
      { count: 'exact' },
    )
    .eq('org_id', orgId)
    .order('received_at', { ascending: false })
    .order('id')
    .range(q.offset, q.offset + q.limit - 1);
  if (error) throw fromPostgrest(error);
  const reversals = await paymentReversals(db, orgId, { paymentIds: data.map((p) => p.id) });
  return withTotal(
    data.map((p) => ({
      reversal: reversals.get(p.id) ?? null,
      id: p.id,
      method: p.method,
      provider: p.provider,
      amount: Number(p.amount),
      currency: p.currency,
      ref: p.ref,
      receivedAt: p.received_at,
      invoice: p.invoice
        ? {
            id: p.invoice.id,
            number: p.invoice.number,
            currency: p.invoice.currency,
            customer: { name: p.invoice.customer?.name ?? '' },
          }
        : null,
    })),
    count ?? data.length,
  );
}

export async function recordPayment(req: Request): Promise<Response> {
  const input = await parseBody(req, withOrg(PaymentInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('record_payment', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: input,
  });
  if (error) throw fromPostgrest(error);
  const p = unwrap<{ id: string; amount: number; method: string; invoice_id: string }>(data);
  return Response.json({ ...p, amount: Number(p.amount) }, { status: 201 });
}

/** POST /api/payments/:id/reverse { reason }: the payment taken back (a counter-entry), applied once. */
export async function reversePayment(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, withOrg(ReversalInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('reverse_payment', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_payment_id: id!,
    p_reason: input.reason,
  });
  if (error) throw fromPostgrest(error);
  const r = unwrap<{
    id: string;
    payment_id: string;
    invoice_id: string;
    amount: number;
    currency: string;
    reason: string;
    reversed_at: string;
  }>(data);
  return Response.json(
    {
      id: r.id,
      paymentId: r.payment_id,
      invoiceId: r.invoice_id,
      amount: Number(r.amount),
      currency: r.currency,
      reason: r.reason,
      reversedAt: r.reversed_at,
    },
    { status: 201 },
  );
}

/** DELETE /api/payments/:id: a payment recorded by mistake, gone (owners and managers, within 24 hours). */
export async function deletePayment(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc('delete_payment', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_payment_id: id!,
  });
  if (error) throw fromPostgrest(error);
  const p = unwrap<{ id: string; invoice_id: string }>(data);
  return Response.json({ id: p.id, invoiceId: p.invoice_id, deleted: true });
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
