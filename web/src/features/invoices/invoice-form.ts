// The Create Invoice form: what it holds (numbers as typed so far) and sends once checked, the schema it is
// checked with (an invoice's, or a quote's when one is edited), and the due date it suggests.
import type { UseFormReturn } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';
import type { InvoiceInput, InvoiceInputSchema } from '@shared/schemas/sales.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';

export type InvoiceForm = UseFormReturn<z4.input<typeof InvoiceInputSchema>, unknown, InvoiceInput>;

/** The day `days` after `day` (both YYYY-MM-DD), or '' when there are no terms. */
export function dueAfterTerms(day: string, days: number | null | undefined): string {
  if (days == null) return '';
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const invoiceSchema = lazySchema(() =>
  import('@shared/schemas/sales.ts').then((m) => m.InvoiceInputSchema),
);
export const quoteSchema = lazySchema(() =>
  import('@shared/schemas/sales.ts').then(
    (m) => m.QuoteInputSchema as unknown as typeof m.InvoiceInputSchema,
  ),
);
