// What the share-link routes answer: a public link to a document (its token shown in the answer, never
// stored in clear), and how many links a revocation ended.
import { z } from '../schemas/zod.ts';

/**
 * POST /api/invoices/:id/share, /api/credit-notes/:id/share, /api/customers/:id/statement/share: the live
 * link given again (`reused`) or a new one.
 */
export const ShareLinkSchema = z.strictObject({
  id: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  reused: z.boolean(),
  /** The app's page of the link: /i/<token>, /c/<token>, /s/<token>. */
  path: z.string(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

/** DELETE …/share: the links revoked. */
export const RevokedSchema = z.strictObject({ revoked: z.number() });
