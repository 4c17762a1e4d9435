// The seller's and the customer's lines as every document prints them, on screen (document-parts.tsx) and
// in the PDF (pdf/parts.ts): one order, one wording.
import type { Seller } from '@/lib/api/business-profile.ts';

/** The seller's contact lines, in print order (shared with the PDF). */
export function sellerLines(seller: Seller): string[] {
  return [
    seller.legalName && seller.legalName !== seller.name ? seller.legalName : null,
    ...(seller.address ? seller.address.split('\n') : []),
    [seller.phone, seller.email].filter(Boolean).join(' · ') || null,
    seller.taxId ? `${seller.taxIdLabel ?? ''}${seller.taxIdLabel ? ': ' : ''}${seller.taxId}` : null,
  ].filter((l): l is string => !!l && l.trim() !== '');
}

/** What a document prints under the customer's name: a business's address lines and tax ID, when known. */
export interface DocumentCustomer {
  name: string;
  address?: string | null;
  taxId?: string | null;
}

/**
 * The customer's lines under its name (shared with the PDF). Its tax ID is named as the seller's is (the
 * country's word: TIN, NIF, KRA PIN), else with `taxIdWord`.
 */
export function customerLines(customer: DocumentCustomer, seller: Seller, taxIdWord: string): string[] {
  return [
    ...(customer.address ? customer.address.split('\n') : []),
    customer.taxId ? `${seller.taxIdLabel || taxIdWord}: ${customer.taxId}` : null,
  ].filter((l): l is string => !!l && l.trim() !== '');
}

/** The payment instructions (bank, mobile money) in print order, shared with the PDF. */
export function paymentLines(
  seller: Seller,
  provider: (p: string) => string,
  labels: Record<string, string>,
) {
  const lines: string[] = [];
  if (seller.bankAccountNumber || seller.bankName)
    lines.push(
      [
        seller.bankName,
        seller.bankAccountName && `${labels.accountName}: ${seller.bankAccountName}`,
        seller.bankAccountNumber && `${labels.accountNumber}: ${seller.bankAccountNumber}`,
      ]
        .filter(Boolean)
        .join(' · '),
    );
  for (const m of seller.mobileMoney ?? [])
    lines.push(`${provider(m.provider)}: ${m.number}${m.name ? ` (${m.name})` : ''}`);
  return lines;
}
