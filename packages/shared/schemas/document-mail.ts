// A document sent to a customer by e-mail (POST /api/document-mails): which document, to which address.
// public.send_document_mail checks the same and decides who may send it and how many an hour.
import { z } from './zod.ts';

export const DOCUMENT_MAIL_KINDS = ['invoice', 'receipt', 'credit_note', 'statement'] as const;
export type DocumentMailKind = (typeof DOCUMENT_MAIL_KINDS)[number];

export const DocumentMailInputSchema = z.object({
  kind: z.enum(DOCUMENT_MAIL_KINDS),
  /** The invoice (invoice, receipt), the credit note, or the customer (statement). */
  id: z.string().uuid(),
  email: z.string().trim().min(1, 'REQUIRED').max(320, 'INVALID_EMAIL').email('INVALID_EMAIL'),
  /** A receipt's number, for kind receipt. */
  receipt: z.string().trim().max(20).optional(),
  /** A statement's period (YYYY-MM-DD), for kind statement. */
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
});
export type DocumentMailInput = z.infer<typeof DocumentMailInputSchema>;
