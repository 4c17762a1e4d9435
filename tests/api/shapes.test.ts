// What each /api route answers is the shape declared for it in packages/shared/api, which the app types its
// reads with: every field there, none more (strict schemas), each of its declared type.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CustomerDeletedSchema,
  CustomerMergedSchema,
  CustomerSchema,
} from '../../packages/shared/api/customers.ts';
import {
  CreditNoteCreatedSchema,
  InvoiceSchema,
  InvoiceSummarySchema,
} from '../../packages/shared/api/invoices.ts';
import { LeadNoteEntrySchema, LeadSchema, LeadSummarySchema } from '../../packages/shared/api/leads.ts';
import { RevokedSchema, ShareLinkSchema } from '../../packages/shared/api/links.ts';
import {
  PaymentDeletedSchema,
  PaymentReversedSchema,
  PaymentSchema,
  PaymentWithReferenceSchema,
  RecordedPaymentSchema,
  RefundRecordedSchema,
} from '../../packages/shared/api/payments.ts';
import { ProductDeletedSchema, ProductSchema, StockMoveSchema } from '../../packages/shared/api/products.ts';
import { StatementSchema } from '../../packages/shared/api/statements.ts';
import {
  SubscriptionPlanSchema,
  SubscriptionSchema,
  SubscriptionWithCyclesSchema,
} from '../../packages/shared/api/subscriptions.ts';
import { json, unique } from './helpers.ts';
import { call, type Owner, owner } from './org-helpers.ts';

/** The answer's body, once its status is the one expected and it fits `schema` (its problems listed if not). */
async function answer<S extends z.ZodType>(res: Response, status: number, schema: S): Promise<z.infer<S>> {
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  const parsed = schema.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues, `${res.url} answers its declared shape`).toEqual([]);
  return parsed.data as z.infer<S>;
}
const list = <S extends z.ZodType>(schema: S) => schema.array().min(1);

/** A write as the app sends it: with its own Idempotency-Key. */
const send = (o: Owner, path: string, body?: unknown, method?: string) =>
  call(path, { token: o.token, orgId: o.orgId, body, method, key: randomUUID() });
const get = (o: Owner, path: string) => call(path, { token: o.token, orgId: o.orgId });

describe('the shapes /api answers', () => {
  it('customers, products, invoices, payments, credit notes, refunds and statements', async () => {
    const o = await owner();
    const customer = await answer(
      await send(o, '/customers', { name: `Ama ${unique()}`, phone: '+233 24 555 0101' }),
      201,
      CustomerSchema,
    );
    await answer(await get(o, '/customers'), 200, list(CustomerSchema));
    await answer(
      await send(o, `/customers/${customer.id}`, { name: customer.name, address: 'Osu, Accra' }, 'PUT'),
      200,
      CustomerSchema,
    );

    const product = await answer(
      await send(o, '/products', {
        name: `Rice ${unique()}`,
        sku: `R-${unique()}`,
        cost: 5,
        price: 8,
        openingStock: 10,
      }),
      201,
      ProductSchema,
    );
    await answer(await get(o, '/products'), 200, list(ProductSchema));
    await answer(await get(o, `/products/${product.id}`), 200, ProductSchema);
    await answer(await get(o, `/products/${product.id}/moves`), 200, list(StockMoveSchema));

    const invoice = await answer(
      await send(o, '/invoices', {
        customerId: customer.id,
        status: 'ISSUED',
        lines: [
          { productId: product.id, description: 'Rice', qty: 2, unitPrice: 8, taxRate: 0 },
          { description: 'Delivery', qty: 1, unitPrice: 4 },
        ],
      }),
      201,
      InvoiceSchema,
    );
    await answer(await get(o, '/invoices'), 200, list(InvoiceSummarySchema));
    const quote = await answer(
      await send(o, '/invoices', { customerId: customer.id, total: 30 }),
      201,
      InvoiceSchema,
    );
    await answer(
      await send(
        o,
        `/invoices/${quote.id}`,
        { customerId: customer.id, lines: [{ description: 'Bags', qty: 3, unitPrice: 10 }] },
        'PUT',
      ),
      200,
      InvoiceSchema,
    );
    await answer(await send(o, `/invoices/${quote.id}/void`, {}), 200, InvoiceSchema);
    await answer(await send(o, `/invoices/${invoice.id}/share`, {}), 201, ShareLinkSchema);

    const ref = `MM-${unique()}`;
    const payment = await answer(
      await send(o, '/payments', {
        invoiceId: invoice.id,
        method: 'mobile-money',
        provider: 'MTN_MOMO',
        ref,
        amount: 10,
      }),
      201,
      RecordedPaymentSchema,
    );
    await answer(await get(o, '/payments'), 200, list(PaymentSchema));
    await answer(await get(o, `/payments?ref=${ref}`), 200, list(PaymentWithReferenceSchema));
    const mistaken = await answer(
      await send(o, '/payments', { invoiceId: invoice.id, method: 'cash', amount: 1 }),
      201,
      RecordedPaymentSchema,
    );
    await answer(await send(o, `/payments/${mistaken.id}`, undefined, 'DELETE'), 200, PaymentDeletedSchema);
    await answer(
      await send(o, `/payments/${payment.id}/reverse`, { reason: 'Sent to the wrong number' }),
      201,
      PaymentReversedSchema,
    );
    await answer(
      await send(o, '/payments', { invoiceId: invoice.id, method: 'cash', amount: 20 }),
      201,
      RecordedPaymentSchema,
    );
    // A payment and its reversal, both on the invoice's page.
    const paid = await answer(await get(o, `/invoices/${invoice.id}`), 200, InvoiceSchema);
    expect(paid.payments.map((p) => p.reversal !== null)).toEqual([true, false]);

    const corrected = await answer(
      await send(o, `/invoices/${invoice.id}/credit-notes`, { reason: 'Delivery not made', restock: false }),
      201,
      CreditNoteCreatedSchema,
    );
    await answer(
      await send(o, `/credit-notes/${corrected.creditNote.id}/refunds`, { amount: 4, method: 'cash' }),
      201,
      RefundRecordedSchema,
    );
    await answer(await send(o, `/credit-notes/${corrected.creditNote.id}/share`, {}), 201, ShareLinkSchema);
    const refunded = await answer(await get(o, `/invoices/${invoice.id}`), 200, InvoiceSchema);
    expect(refunded.creditNotes[0]?.refunds).toHaveLength(1);

    const today = new Date().toISOString().slice(0, 10);
    const statement = await answer(
      await get(o, `/customers/${customer.id}/statement?from=2020-01-01&to=${today}`),
      200,
      StatementSchema,
    );
    expect(statement.accounts[0]?.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['INVOICE', 'PAYMENT', 'REVERSAL', 'CREDIT_NOTE', 'REFUND']),
    );
    await answer(
      await send(o, `/customers/${customer.id}/statement/share`, { from: '2020-01-01', to: today }),
      201,
      ShareLinkSchema,
    );
    await answer(
      await send(o, `/customers/${customer.id}/statement/share`, undefined, 'DELETE'),
      200,
      RevokedSchema,
    );

    const duplicate = await answer(
      await send(o, '/customers', { name: `${customer.name} (2)` }),
      201,
      CustomerSchema,
    );
    const spare = await answer(
      await send(o, '/customers', { name: `Spare ${unique()}` }),
      201,
      CustomerSchema,
    );
    await answer(
      await send(o, `/customers/${duplicate.id}/merge`, { into: customer.id }),
      200,
      CustomerMergedSchema,
    );
    await answer(await send(o, `/customers/${spare.id}`, undefined, 'DELETE'), 200, CustomerDeletedSchema);
    const unused = await answer(
      await send(o, '/products', { name: `Spare ${unique()}`, sku: `S-${unique()}`, cost: 1, price: 2 }),
      201,
      ProductSchema,
    );
    await answer(await send(o, `/products/${unused.id}`, undefined, 'DELETE'), 200, ProductDeletedSchema);
  });

  it('subscription plans, subscriptions with their billed periods, and leads', async () => {
    const o = await owner();
    const customer = await answer(
      await send(o, '/customers', { name: `Kofi ${unique()}` }),
      201,
      CustomerSchema,
    );
    const plan = await answer(
      await send(o, '/subscription-plans', {
        name: `Water ${unique()}`,
        price: 0,
        lines: [{ description: 'Dispenser refill', qty: 4, unitPrice: 12 }],
      }),
      201,
      SubscriptionPlanSchema,
    );
    await answer(await get(o, '/subscription-plans'), 200, list(SubscriptionPlanSchema));
    // Started two months ago: its periods since are billed at once.
    const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const subscription = await answer(
      await send(o, '/subscriptions', {
        customerId: customer.id,
        planId: plan.id,
        startDate: start,
        trialDays: 0,
      }),
      201,
      SubscriptionSchema,
    );
    await answer(await get(o, '/subscriptions'), 200, list(SubscriptionSchema));
    const billed = await answer(
      await get(o, `/subscriptions/${subscription.id}`),
      200,
      SubscriptionWithCyclesSchema,
    );
    expect(billed.cycles.some((c) => c.invoice !== null)).toBe(true);
    await answer(await send(o, `/subscriptions/${subscription.id}/pause`, {}), 200, SubscriptionSchema);

    const lead = await answer(
      await send(o, '/leads', { name: `Efua ${unique()}`, company: 'Osu Traders', value: 1200 }),
      201,
      LeadSchema,
    );
    await answer(await get(o, '/leads'), 200, list(LeadSchema));
    await answer(await get(o, `/leads/${lead.id}`), 200, LeadSchema);
    await answer(await send(o, `/leads/${lead.id}`, { stage: 'QUALIFIED' }, 'PUT'), 200, LeadSchema);
    await answer(await send(o, `/leads/${lead.id}/notes`, { note: 'Called back' }), 201, LeadNoteEntrySchema);
    await answer(await get(o, `/leads/${lead.id}/notes`), 200, list(LeadNoteEntrySchema));
    await answer(await get(o, '/leads/summary'), 200, LeadSummarySchema);
  });
});
