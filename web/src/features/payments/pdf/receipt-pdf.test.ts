// The receipt PDF as a customer's reader sees it: the text pdf.js extracts from the real file, in the business's
// language.
import { describe, expect, it } from 'vitest';
import { intlIn } from '@/lib/i18n.tsx';
import { fonts, pages, PDF_TEST } from '@/features/customer-documents/pdf/pdf-test-kit.ts';
import { receiptPdf } from './receipt-pdf.ts';

describe('receiptPdf', PDF_TEST, () => {
  it('prints a French receipt: who paid, how much, how, for which invoice and what is left', async () => {
    const text = (
      await pages(
        await receiptPdf(
          {
            seller: {
              name: 'Boutique Ɗanjuma',
              country: 'SN',
              currency: 'XOF',
              taxIdLabel: 'NINEA',
              taxId: '0012345 2G3',
              footer: 'Merci !',
            },
            receiptNumber: 'RCT-000042',
            receivedAt: '2026-12-03T10:00:00Z',
            amount: 50000,
            currency: 'XOF',
            method: 'mobile-money',
            provider: 'WAVE',
            ref: 'WV-88812',
            customer: { name: 'Ɛfua Ɔkɔ' },
            invoice: { number: 'INV-000007', total: 212400 },
            balanceAfter: 162400,
            reversal: null,
          },
          await intlIn('fr'),
          fonts,
        ),
      )
    ).join('\n');
    for (const expected of [
      'REÇU',
      'RCT-000042',
      'Date : 03/12/2026',
      'NINEA: 0012345 2G3',
      'Reçu de',
      'Ɛfua Ɔkɔ',
      'Mobile money (Wave)',
      'WV-88812',
      'INV-000007',
      'Merci !',
    ])
      expect(text).toContain(expected);
    expect(text.replace(/\s/g, ' ')).toContain('50 000 CFA');
    expect(text.replace(/\s/g, ' ')).toContain('162 400 CFA');
    expect(text).not.toContain('Facture soldée');
  });
});
