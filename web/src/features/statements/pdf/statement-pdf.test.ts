// The statement of account PDF as a customer's reader sees it: the text pdf.js extracts from the real file,
// in the business's language.
import { describe, expect, it } from 'vitest';
import { intlIn } from '@/lib/i18n.tsx';
import { fonts, pages, PDF_TEST } from '@/features/customer-documents/pdf/pdf-test-kit.ts';
import type { StatementEntry } from '@shared/api/statements.ts';
import { statementPdf } from './statement-pdf.ts';

describe('statementPdf', PDF_TEST, () => {
  it('prints the opening balance, each invoice and payment with the running balance, and the amount due', async () => {
    const text = (
      await pages(
        await statementPdf(
          {
            customer: { name: 'Adébáyọ̀ Ọlátúndé', email: null, phone: null },
            seller: {
              name: 'Mama Put Stores',
              country: 'NG',
              currency: 'NGN',
              taxIdLabel: 'TIN',
              taxId: '12345678-0001',
              mobileMoney: [],
            },
            from: '2026-10-01',
            to: '2026-10-31',
            timezone: 'Africa/Lagos',
            accounts: [
              {
                currency: 'NGN',
                opening: 30000,
                invoiced: 100000,
                credited: 0,
                paid: 30000,
                refunded: 0,
                closing: 100000,
                entries: [
                  {
                    at: '2026-10-05T10:00:00Z',
                    kind: 'INVOICE',
                    reference: 'INV-000002',
                    invoiceNumber: 'INV-000002',
                    debit: 100000,
                    credit: 0,
                    balance: 130000,
                  },
                  {
                    at: '2026-10-06T10:00:00Z',
                    kind: 'PAYMENT',
                    reference: 'RCT-000003',
                    invoiceNumber: 'INV-000002',
                    debit: 0,
                    credit: 30000,
                    balance: 100000,
                  },
                ],
              },
            ],
          },
          await intlIn('en'),
          fonts,
        ),
      )
    ).join('\n');
    for (const expected of [
      'STATEMENT OF ACCOUNT',
      'From 01/10/2026 to 31/10/2026',
      'Adébáyọ̀ Ọlátúndé'.normalize('NFC'),
      'TIN: 12345678-0001',
      'Opening balance',
      '₦30,000.00',
      'Invoice INV-000002',
      '₦130,000.00',
      'Payment RCT-000003 (invoice INV-000002)',
      '-₦30,000.00',
      'Amount due',
      '₦100,000.00',
      'Opening balance ₦30,000.00 · Invoiced ₦100,000.00 · Paid ₦30,000.00',
    ])
      expect(text).toContain(expected);
  });

  it('sums each kind of line once: a reversal is not invoiced, a credit note is not paid', async () => {
    const entry = (
      kind: StatementEntry['kind'],
      reference: string,
      debit: number,
      credit: number,
      balance: number,
    ) => ({
      at: '2026-11-20T10:00:00Z',
      kind,
      reference,
      invoiceNumber: 'INV-000001',
      debit,
      credit,
      balance,
    });
    const text = (
      await pages(
        await statementPdf(
          {
            customer: { name: 'Fatou Ndiaye', email: null, phone: null },
            seller: {
              name: 'Boutique Teranga',
              country: 'SN',
              currency: 'XOF',
              taxIdLabel: 'NINEA',
              taxId: '0012345',
              mobileMoney: [],
            },
            from: '2026-11-01',
            to: '2026-11-30',
            timezone: 'Africa/Dakar',
            accounts: [
              {
                currency: 'XOF',
                opening: 0,
                invoiced: 42952,
                credited: 9558,
                paid: 20000,
                refunded: 0,
                closing: 13394,
                entries: [
                  entry('INVOICE', 'INV-000001', 42952, 0, 42952),
                  entry('PAYMENT', 'RCT-000001', 0, 20000, 22952),
                  entry('PAYMENT', 'RCT-000002', 0, 22952, 0),
                  entry('REVERSAL', 'RCT-000002', 22952, 0, 22952),
                  entry('CREDIT_NOTE', 'CN-000001', 0, 9558, 13394),
                ],
              },
            ],
          },
          await intlIn('fr'),
          fonts,
        ),
      )
    )
      .join('\n')
      .replace(/[\u202f\u00a0]/g, ' ');
    expect(text).toContain('Facturé 42 952 CFA · Avoirs 9 558 CFA · Payé 20 000 CFA');
    expect(text).not.toContain('65 904');
    expect(text).toContain('13 394 CFA');
  });
});
