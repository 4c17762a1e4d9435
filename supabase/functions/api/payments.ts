// /api/payments: listed with their reversals, recorded, reversed, deleted within their first day; and the
// refunds of /api/credit-notes/:id/refunds, money given back on a credit note.
import { z } from 'zod';
import type {
  Payment,
  PaymentDeleted,
  PaymentReversal,
  PaymentReversed,
  PaymentWithReference,
  RecordedPayment,
  RefundRecorded,
} from '@shared/api/payments.ts';
import { PaymentInputSchema, RefundInputSchema, ReversalInputSchema } from '@shared/schemas/sales.ts';
import type { Params } from './router.ts';
import { type Db, ok, orgRequest, Paging, query, withTotal } from './request.ts';

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
  const { data } = ok(await q);
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
  const { db, orgId, call } = await orgRequest(req);
  const q = query(req, PaymentsQuery);
  if (q.ref !== undefined) {
    // The payments that count already recorded with this reference (the app asks before using it again).
    const data = await call('payments_with_reference', { p_ref: q.ref });
    const rows = (data ?? []) as (Omit<PaymentWithReference, 'amount' | 'reversal'> & {
      amount: number | string;
    })[];
    return withTotal(
      rows.map((p): PaymentWithReference => ({ ...p, amount: Number(p.amount), reversal: null })),
      rows.length,
    );
  }
  const { data, count } = ok(
    await db
      .from('payments')
      .select(
        'id, method, provider, amount, currency, ref, received_at, invoice:invoices(id, number, currency, customer:customers(name))',
        { count: 'exact' },
      )
      .eq('org_id', orgId)
      .order('received_at', { ascending: false })
      .order('id')
      .range(q.offset, q.offset + q.limit - 1),
  );
  const reversals = await paymentReversals(db, orgId, { paymentIds: data.map((p) => p.id) });
  return withTotal(
    data.map((p): Payment => ({
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
  const { body, write } = await orgRequest(req, { body: PaymentInputSchema });
  const p = (await write('record_payment', { p_input: body })) as RecordedPayment;
  return Response.json({ ...p, amount: Number(p.amount) } satisfies RecordedPayment, { status: 201 });
}

/** POST /api/payments/:id/reverse { reason }: the payment taken back (a counter-entry), applied once. */
export async function reversePayment(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: ReversalInputSchema });
  const r = (await write('reverse_payment', { p_payment_id: id, p_reason: body.reason })) as {
    id: string;
    payment_id: string;
    invoice_id: string;
    amount: number;
    currency: string;
    reason: string;
    reversed_at: string;
  };
  const reversed: PaymentReversed = {
    id: r.id,
    paymentId: r.payment_id,
    invoiceId: r.invoice_id,
    amount: Number(r.amount),
    currency: r.currency,
    reason: r.reason,
    reversedAt: r.reversed_at,
  };
  return Response.json(reversed, { status: 201 });
}

/** DELETE /api/payments/:id: a payment recorded by mistake, gone (owners and managers, within 24 hours). */
export async function deletePayment(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { write } = await orgRequest(req);
  const p = (await write('delete_payment', { p_payment_id: id })) as { id: string; invoice_id: string };
  return Response.json({ id: p.id, invoiceId: p.invoice_id, deleted: true } satisfies PaymentDeleted);
}

/** POST /api/credit-notes/:id/refunds { amount, method, provider?, ref? }: money given back, applied once. */
export async function recordRefund(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: RefundInputSchema });
  const r = (await write('record_refund', { p_credit_note_id: id, p_input: body })) as {
    id: string;
    credit_note_id: string;
    invoice_id: string;
    amount: number;
    currency: string;
    method: string;
    provider: RefundRecorded['provider'];
    ref: string | null;
    refunded_at: string;
  };
  const refund: RefundRecorded = {
    id: r.id,
    creditNoteId: r.credit_note_id,
    invoiceId: r.invoice_id,
    amount: Number(r.amount),
    currency: r.currency,
    method: r.method,
    provider: r.provider,
    ref: r.ref,
    refundedAt: r.refunded_at,
  };
  return Response.json(refund, { status: 201 });
}
