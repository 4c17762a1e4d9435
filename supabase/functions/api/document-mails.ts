// POST /api/document-mails: any document (an invoice, a receipt, a credit note, a statement) sent to a
// customer by e-mail. The SQL function decides who may and how many (20261127000500_mail_sender.sql).
import { DocumentMailInputSchema } from '@shared/schemas/document-mail.ts';
import { orgRequest } from './request.ts';

/**
 * Queues a document to the customer's address (202): the mail sender sends it with the document's link. An
 * Idempotency-Key sent again queues nothing more.
 */
export async function sendDocumentMail(req: Request): Promise<Response> {
  const { body, mutationId, call } = await orgRequest(req, { body: DocumentMailInputSchema });
  const queued = await call('send_document_mail', {
    p_kind: body.kind,
    p_id: body.id,
    p_email: body.email,
    p_receipt: body.receipt,
    p_from: body.from,
    p_to: body.to,
    p_request_id: mutationId,
  });
  return Response.json(queued, { status: 202 });
}
