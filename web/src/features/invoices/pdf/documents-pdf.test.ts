// The invoice PDF as a customer's reader sees it: the text pdf.js extracts from the real file (written by
// pdf-lib with the embedded Noto Sans), in the business's language, with the seller's details.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfPages as pages } from '../../../../../tests/pdf-text.ts';
import { intlIn } from '@/lib/i18n.tsx';
import type { InvoiceDocumentData } from '../invoice-document.tsx';
import type { StatementEntry } from '@/features/statements/api/statements.ts';
import { invoicePdf } from './invoice-pdf.ts';

const fontDir = path.join(import.meta.dirname, '../../../assets/fonts');
const fonts = {
  regular: readFileSync(path.join(fontDir, 'NotoSans-Regular.ttf')),
  bold: readFileSync(path.join(fontDir, 'NotoSans-Bold.ttf')),
};
// A 2 × 1 red PNG: a logo as the business profile keeps it.
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DAwMDAwAAADQ4BANEGbcgAAAAASUVORK5CYII=';

const invoice = (over: Partial<InvoiceDocumentData> = {}): InvoiceDocumentData => ({
  organization: {
    name: 'Mama Put Stores',
    country: 'NG',
    currency: 'NGN',
    legalName: 'Mama Put Stores Limited',
    address: '12 Balogun Street\nLagos Island, Lagos',
    phone: '+234 803 123 4567',
    email: 'sales@mamaput.ng',
    taxIdLabel: 'TIN',
    taxId: '12345678-0001',
    logo: LOGO,
    bankName: 'GTBank',
    bankAccountName: 'Mama Put Stores Ltd',
    bankAccountNumber: '0123456789',
    mobileMoney: [{ provider: 'MTN_MOMO', number: '0803 123 4567', name: 'Bisi Adeyemi' }],
    paymentTermsDays: 14,
    footer: 'Thank you for your business.',
  },
  number: 'INV-000007',
  status: 'ISSUED',
  currency: 'NGN',
  customer: { name: 'Adébáyọ̀ Ọlátúndé' },
  createdAt: '2026-12-02T10:00:00Z',
  issuedAt: '2026-12-02T10:00:00Z',
  dueAt: '2026-12-16',
  lines: [
    { description: 'Bag of rice (50 kg)', qty: 2, unitPrice: 62500, taxRate: 7.5 },
    { description: 'Groundnut oil, 5 litres', qty: 3, unitPrice: 9000, taxRate: 7.5 },
  ],
  subtotal: 152000,
  tax: 11400,
  total: 163400,
  amountPaid: 50000,
  amountDue: 113400,
  payments: [
    { amount: 50000, method: 'mobile-money', provider: 'MTN_MOMO', receivedAt: '2026-12-03T10:00:00Z' },
  ],
  notes: 'Delivered to the shop at Ìdúmọ̀tà.',
  ...over,
});

describe('invoicePdf', () => {
  it('prints a Yoruba name, ₦ amounts and the seller’s tax ID, address and payment details, under 100 KB', async () => {
    const bytes = await invoicePdf(invoice(), await intlIn('en'), fonts);
    const [text, ...more] = await pages(bytes);
    expect(more).toEqual([]);
    expect(bytes.length).toBeLessThan(100 * 1024);
    for (const expected of [
      'INVOICE',
      'INV-000007',
      'Adébáyọ̀ Ọlátúndé',
      'Mama Put Stores Limited',
      'Lagos Island, Lagos',
      '+234 803 123 4567 · sales@mamaput.ng',
      'TIN: 12345678-0001',
      '₦163,400.00',
      '₦113,400.00', // the balance
      'Issue Date: 02/12/2026', // day first in English
      'Due Date: 16/12/2026',
      'GTBank · Account name: Mama Put Stores Ltd · Account number: 0123456789',
      'MTN MoMo: 0803 123 4567 (Bisi Adeyemi)',
      'Payment terms: 14 days',
      'Thank you for your business.',
      'Delivered to the shop at Ìdúmọ̀tà.',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected.normalize('NFC'));
    expect(text).not.toContain('?');
  });

  it("prints a business customer's address and tax ID under its name, named as the seller's country does", async () => {
    const customer = {
      name: 'Bello Pharmacy Ltd',
      address: '4 Allen Avenue\nIkeja, Lagos',
      taxId: '99887766-0001',
    };
    const [en] = await pages(await invoicePdf(invoice({ customer }), await intlIn('en'), fonts));
    expect(en).toMatch(/Bello Pharmacy Ltd\s+4 Allen Avenue\s+Ikeja, Lagos\s+TIN: 99887766-0001/);
    // A seller with no name for its tax ID: the customer's is named in the document's language.
    const plain = invoice({ customer, organization: { ...invoice().organization, taxIdLabel: null } });
    const [fr] = await pages(await invoicePdf(plain, await intlIn('fr'), fonts));
    expect(fr).toContain('Identifiant fiscal: 99887766-0001');
  });

  it('names its credit notes and, for each payment, its reference and receipt number', async () => {
    const text = (
      await pages(
        await invoicePdf(
          invoice({
            amountCredited: 9558,
            amountDue: 103842,
            creditNotes: [{ number: 'CN-000001', total: 9558 }],
            payments: [
              {
                amount: 20000,
                method: 'mobile-money',
                provider: 'WAVE',
                receivedAt: '2026-12-03T10:00:00Z',
                ref: 'WAVE-TX-90001',
                receiptNumber: 'RCT-000004',
              },
            ],
          }),
          await intlIn('fr'),
          fonts,
        ),
      )
    ).join('\n');
    expect(text).toContain('Crédité (CN-000001)');
    expect(text).toMatch(/03\/12\/2026 · Mobile money \(Wave\) · WAVE-TX-90001 · RCT-000004/);
  });

  it('writes a francophone business’s invoice in French, with Hausa and Ewe letters, over as many pages as it needs', async () => {
    const bytes = await invoicePdf(
      invoice({
        organization: {
          name: 'Boutique Ɗanjuma',
          country: 'SN',
          currency: 'XOF',
          taxIdLabel: 'NINEA',
          taxId: '0012345 2G3',
          mobileMoney: [{ provider: 'WAVE', number: '+221 77 123 45 67' }],
        },
        currency: 'XOF',
        customer: { name: 'Ɛfua Ɔkɔ' },
        lines: Array.from({ length: 60 }, (_, i) => ({
          description: `Café Touba, paquet de 250 g n° ${i + 1}`,
          qty: 2,
          unitPrice: 1500,
          taxRate: 18,
        })),
        subtotal: 180000,
        tax: 32400,
        total: 212400,
        amountPaid: 0,
        amountDue: 212400,
        payments: [],
        notes: null,
      }),
      await intlIn('fr'),
      fonts,
    );
    const all = await pages(bytes);
    expect(all.length).toBeGreaterThan(1);
    const text = all.join('\n');
    for (const expected of [
      'FACTURE',
      'Boutique Ɗanjuma',
      'NINEA: 0012345 2G3',
      'Facturé à',
      'Ɛfua Ɔkɔ',
      'Café Touba, paquet de 250 g n° 60',
      'Wave: +221 77 123 45 67',
      `Page 1 sur ${all.length}`,
    ])
      expect(text).toContain(expected);
    // French groups with a narrow no-break space and puts the symbol after: 212 400 CFA.
    expect(text.replace(/\s/g, ' ')).toContain('212 400 CFA');
    // Every page after the first repeats the column titles.
    for (const page of all.slice(1)) expect(page).toContain('Description');
  });

  it('titles a quote Quote with its date and validity, and asks for no payment', async () => {
    const text = (
      await pages(
        await invoicePdf(
          invoice({ status: 'QUOTE', issuedAt: null, amountPaid: 0, amountDue: 163400, payments: [] }),
          await intlIn('en'),
          fonts,
        ),
      )
    ).join('\n');
    expect(text).toContain('QUOTE');
    expect(text).toContain('Date: 02/12/2026');
    expect(text).toContain('Valid until: 16/12/2026');
    expect(text).not.toMatch(/INVOICE|Balance|Paid|Payment history/);
  });
});

describe('receiptPdf', () => {
  it('prints a French receipt: who paid, how much, how, for which invoice and what is left', async () => {
    const { receiptPdf } = await import('@/features/payments/pdf/receipt-pdf.ts');
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

describe('creditNotePdf', () => {
  it('prints a French credit note: Avoir, its lines and totals, the reason, the invoice it credits', async () => {
    const { creditNotePdf } = await import('@/features/credit-notes/pdf/credit-note-pdf.ts');
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

describe('statementPdf', () => {
  it('prints the opening balance, each invoice and payment with the running balance, and the amount due', async () => {
    const { statementPdf } = await import('@/features/statements/pdf/statement-pdf.ts');
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
    const { statementPdf } = await import('@/features/statements/pdf/statement-pdf.ts');
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
