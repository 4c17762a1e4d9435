// /api/payments: listed with their reversals, recorded, reversed, deleted within their first day.
import { z } from 'zod';
import { PaymentInputSchema, ReversalInputSchema } from '@shared/schemas/sales.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';
import { type Db, Paging, query, withOrg, withTotal } from './lists.ts';

/** A payment's reversal as the app shows it: why, when and by whom. */
export interface PaymentReversal {
  id: string;
  reason: string;
  amount: number;
  reversedAt: string;
  createdBy: string | null;
}

/** The reversals of one invoice's payments, or of the payments given, by payment id. */
export async function paymentReversals(
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
