// Sending the invoice written in Create Invoice (or the quote edited in it): an invoice issued takes its lines
// out of stock, and the payment of one created as Paid carries a reference — a line going below zero, or a
// reference already used, waits for the user to say so before it is sent. A new invoice's page opens once sent.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { InvoiceInput } from '@shared/schemas/sales.ts';
import { type BelowZero, belowZero } from '@/components/ui/below-zero-warning.tsx';
import { inPlaceOf, type OutboxEntry } from '@/lib/outbox.ts';
import { submitWrite } from '@/lib/feedback.ts';
import type { Product } from '@shared/api/products.ts';
import { type ReferenceUse, useReferenceCheck } from '@/features/payments/api/payments.ts';
import { useCreateInvoice, useUpdateQuote } from './api/invoices.ts';
import type { Invoice } from '@shared/api/invoices.ts';
import type { InvoiceForm } from './invoice-form.ts';
import { paymentSent } from './paid-at-once.tsx';

export function useSendInvoice({
  form,
  draft,
  quote,
  refused,
  customerName,
  products,
  onClose,
}: {
  form: InvoiceForm;
  /** The form's draft, forgotten once sent. */
  draft: { clear: () => void };
  /** The quote edited, if it is one. */
  quote?: Invoice;
  /** The new invoice the server refused, sent again in its place. */
  refused?: OutboxEntry;
  /** Who the invoice is for, shown on the device until the server has it. */
  customerName: string | undefined;
  /** The products as kept: their stock on hand. */
  products: readonly Product[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const update = useUpdateQuote();
  // An invoice issued takes its lines out of stock: below zero, it waits for the user to say so.
  // Its payment's reference, already used, waits for the user to say so too.
  const [warning, setWarning] = useState<
    | { kind: 'stock'; body: InvoiceInput; items: BelowZero[] }
    | { kind: 'reference'; body: InvoiceInput; uses: ReferenceUse[] }
    | null
  >(null);
  const checkReference = useReferenceCheck();
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setWarning(null) }), [subscribe]);
  const send = async (body: InvoiceInput) => {
    const lines = body.lines?.map((l) => ({ ...l, productId: l.productId || null }));
    if (quote) {
      const done = await submitWrite(
        intl,
        () =>
          update.mutateAsync({
            id: quote.id,
            input: {
              customerId: body.customerId,
              currency: body.currency,
              dueAt: body.dueAt || null,
              notes: quote.notes,
              lines: lines ?? [],
            },
          }),
        { success: 'invoices.quoteUpdated', draft, form },
      );
      if (!done.ok) return;
      onClose();
      return;
    }
    const done = await submitWrite(
      intl,
      () =>
        create.mutateAsync({
          ...body,
          ...inPlaceOf(refused),
          customerName,
          dueAt: body.dueAt || null,
          lines,
          payment: paymentSent(body),
        }),
      // A quote is said to be one.
      { success: body.status === 'QUOTE' ? 'quotes.created' : 'invoices.created', draft, form },
    );
    if (!done.ok) return;
    const created = done.result;
    onClose();
    // Kept on the device: it gets its number, and its page, once the server has it.
    if (created) void navigate(`/sales/invoices/${created.id}`);
  };
  /** Sends the invoice once each warning from `from` on has been answered (or had nothing to say). */
  const proceed = async (body: InvoiceInput, from: 'stock' | 'reference') => {
    if (from === 'stock') {
      const items =
        body.status === 'QUOTE'
          ? []
          : belowZero(
              new Map(products.map((p) => [p.id, p])),
              (body.lines ?? []).map((l) => ({ productId: l.productId, delta: -l.qty })),
            );
      if (items.length) return setWarning({ kind: 'stock', body, items });
    }
    const ref = body.status === 'PAID' ? body.payment?.ref?.trim() : undefined;
    const uses = ref ? await checkReference(ref).catch(() => []) : [];
    if (uses.length) return setWarning({ kind: 'reference', body, uses });
    await send(body);
  };
  return { warning, setWarning, send, proceed, sending: create.isPending };
}
