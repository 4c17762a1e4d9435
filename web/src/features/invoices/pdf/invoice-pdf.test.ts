// The invoice PDF as a customer's reader sees it: the text pdf.js extracts from the real file (written by
// pdf-lib with the embedded Noto Sans), in the business's language, with the seller's details.
import { describe, expect, it } from 'vitest';
import { intlIn } from '@/lib/i18n.tsx';
import { fonts, pages, PDF_TEST } from '@/features/customer-documents/pdf/pdf-test-kit.ts';
import type { InvoiceDocumentData } from '../invoice-document.tsx';
import { invoicePdf } from './invoice-pdf.ts';

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

describe('invoicePdf', PDF_TEST, () => {
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
