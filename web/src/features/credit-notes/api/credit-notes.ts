// Credit notes (avoirs) and refunds of the current organization's invoices: each write with its own id,
// applied once, through the outbox like every write.
import type { CreditNoteInput, RefundInput } from '@shared/schemas/sales.ts';
import { useWrite } from '@/lib/use-write.ts';
import type { CreditNoteCreated } from '@shared/api/invoices.ts';
import type { RefundRecorded } from '@shared/api/payments.ts';

/** POST /api/invoices/:id/credit-notes: answers the credit note and the invoice as it now is. */
export const useCreateCreditNote = () =>
  useWrite<{ invoiceId: string; input: CreditNoteInput; label: string }, CreditNoteCreated>(
    ({ invoiceId, input, label }) => ({
      method: 'POST',
      path: `/api/invoices/${invoiceId}/credit-notes`,
      body: input,
      label,
    }),
    ['/api/invoices', '/api/products', '/api/payments'],
  );

/** POST /api/credit-notes/:id/refunds: money given back on a credit note. */
export const useRecordRefund = () =>
  useWrite<{ creditNoteId: string; input: RefundInput; label: string }, RefundRecorded>(
    ({ creditNoteId, input, label }) => ({
      method: 'POST',
      path: `/api/credit-notes/${creditNoteId}/refunds`,
      body: input,
      label,
    }),
    ['/api/invoices', '/api/payments'],
  );
