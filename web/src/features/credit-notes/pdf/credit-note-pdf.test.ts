// The credit note PDF as a customer's reader sees it: the text pdf.js extracts from the real file, in the
// business's language.
import { describe, expect, it } from 'vitest';
import { intlIn } from '@/lib/i18n.tsx';
import { fonts, pages, PDF_TEST } from '@/features/customer-documents/pdf/pdf-test-kit.ts';
import { creditNotePdf } from './credit-note-pdf.ts';

describe('creditNotePdf', PDF_TEST, () => {
  it('prints a French credit note: Avoir, its lines and totals, the reason, the invoice it credits', async () => {
    const text = (
      await pages(
        await creditNotePdf(
          {
            seller: {
              name: 'Boutique Ɗanjuma',
              country: 'SN',
              currency: 'XOF',
              taxIdLabel: 'NINEA',
              taxId: '0012345 2G3',
            },
            note: {
              id: 'n1',
              number: 'CN-000003',
              currency: 'XOF',
              subtotal: 10000,
              tax: 0,
              total: 10000,
              reason: 'Sacs abîmés à la livraison',
              restock: true,
              shared: false,
              createdAt: '2026-12-04T10:00:00Z',
              createdBy: null,
              lines: [
                {
                  id: 'l1',
                  invoiceItemId: 'i1',
                  productId: null,
                  description: 'Sac de riz 50 kg',
                  qty: 2,
                  unitPrice: 5000,
                  taxRate: 0,
                  amount: 10000,
                  tax: 0,
                },
              ],
              refunds: [],
            },
            customer: { name: 'Ɛfua Ɔkɔ' },
            invoice: { number: 'INV-000007', total: 212400, issuedAt: '2026-12-02T10:00:00Z' },
          },
          await intlIn('fr'),
          fonts,
        ),
      )
    ).join('\n');
    for (const expected of [
      'AVOIR',
      'CN-000003',
      'Sur la facture INV-000007',
      'NINEA: 0012345 2G3',
      'Ɛfua Ɔkɔ',
      'Sac de riz 50 kg',
      'Sacs abîmés à la livraison',
      'Les articles ont été remis en stock.',
    ])
      expect(text).toContain(expected);
    expect(text.replace(/\s/g, ' ')).toContain('10 000 CFA');
  });
});
