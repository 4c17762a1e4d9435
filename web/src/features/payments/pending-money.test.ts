// An invoice's money as this device sees it before the server has its changes: a payment taken offline is
// counted at once (so its balance is not offered again), a reversal or deletion gives its amount back, a credit
// note takes its lines' amount off, a refused change counts for nothing; and the duplicate-reference check finds
// the queued payments whatever the spacing and case.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/lib/outbox.ts';
import type { Invoice } from '@shared/api/invoices.ts';
import { balanceOnceSent, pendingOnInvoice, queuedPayments, queuedWithReference } from './pending-money.ts';

const ORG = 'org-1';
let seq = 0;
const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  id: `e${++seq}`,
  seq,
  v: 1,
  orgId: ORG,
  method: 'POST',
  path: '/api/payments',
  label: '',
  userId: 'u',
  status: 'pending',
  attempts: 0,
  createdAt: '2026-11-28T10:00:00Z',
  ...over,
});

const invoice = {
  id: 'inv-2',
  number: 'INV-000002',
  status: 'ISSUED',
  currency: 'XOF',
  total: 20069,
  amountPaid: 5000,
  amountCredited: 0,
  amountDue: 15069,
  balance: 15069,
  lines: [{ id: 'line-1', productId: null, description: 'Huile', qty: 4, unitPrice: 1000, taxRate: 18 }],
  payments: [
    {
      id: 'pay-1',
      method: 'cash',
      provider: null,
      amount: 5000,
      ref: null,
      receivedAt: '',
      createdAt: '',
      createdBy: null,
      reversal: null,
    },
  ],
} as unknown as Invoice;

describe('money waiting on this device', () => {
  it('counts a payment taken offline on its invoice, and not on another', () => {
    const entries = [
      entry({
        body: {
          invoiceId: 'inv-2',
          method: 'mobile-money',
          provider: 'WAVE',
          amount: 10000,
          ref: 'WAVE-TX-90001',
        },
      }),
      entry({ body: { invoiceId: 'inv-9', method: 'cash', amount: 300 } }),
    ];
    const pending = pendingOnInvoice(invoice, entries, ORG);
    expect(pending).toMatchObject([
      { kind: 'payment', amount: 10000, provider: 'WAVE', ref: 'WAVE-TX-90001' },
    ]);
    expect(balanceOnceSent(invoice, pending)).toBe(5069);
  });

  it('gives back a payment reversed or deleted offline, and takes a credit note’s lines off', () => {
    const entries = [
      entry({ path: '/api/payments/pay-1/reverse', body: { reason: 'Wrong invoice' } }),
      entry({
        path: '/api/invoices/inv-2/credit-notes',
        body: { reason: 'Returned', lines: [{ invoiceItemId: 'line-1', qty: 1 }] },
      }),
    ];
    const pending = pendingOnInvoice(invoice, entries, ORG);
    expect(pending.map((c) => [c.kind, c.amount])).toEqual([
      ['reversal', 5000],
      ['creditNote', 1180],
    ]);
    expect(balanceOnceSent(invoice, pending)).toBe(15069 + 5000 - 1180);
    const deleted = pendingOnInvoice(
      invoice,
      [entry({ method: 'DELETE', path: '/api/payments/pay-1' })],
      ORG,
    );
    expect(deleted).toMatchObject([{ kind: 'deletion', amount: 5000, paymentId: 'pay-1' }]);
  });

  it('counts nothing the server refused, nor another organization’s changes, and never goes below zero', () => {
    const entries = [
      entry({ status: 'failed', body: { invoiceId: 'inv-2', method: 'cash', amount: 1000 } }),
      entry({ orgId: 'org-2', body: { invoiceId: 'inv-2', method: 'cash', amount: 1000 } }),
      entry({ status: 'waiting', body: { invoiceId: 'inv-2', method: 'cash', amount: 99999 } }),
    ];
    const pending = pendingOnInvoice(invoice, entries, ORG);
    expect(pending).toHaveLength(1);
    expect(balanceOnceSent(invoice, pending)).toBe(0);
  });

  it('finds the queued payments with a reference, the payment of an invoice created as paid included', () => {
    const entries = [
      entry({ body: { invoiceId: 'inv-2', method: 'mobile-money', amount: 10000, ref: 'WAVE-TX-90001' } }),
      entry({
        path: '/api/invoices',
        body: { id: 'inv-new', status: 'PAID', payment: { method: 'mobile-money', ref: 'wave-tx -90001 ' } },
        creates: { store: 'invoices', row: { id: 'inv-new', total: 2500 } },
      }),
      entry({ body: { invoiceId: 'inv-3', method: 'cash', amount: 1, ref: 'OTHER' } }),
    ];
    expect(queuedWithReference(entries, ORG, ' Wave-TX-90001').map((p) => [p.invoiceId, p.amount])).toEqual([
      ['inv-2', 10000],
      ['inv-new', 2500],
    ]);
    expect(queuedWithReference(entries, ORG, '   ')).toEqual([]);
    // The refused payment being corrected is replaced, not added to.
    expect(queuedPayments(entries, ORG, entries[0]!.id).map((p) => p.invoiceId)).toEqual([
      'inv-new',
      'inv-3',
    ]);
  });
});
