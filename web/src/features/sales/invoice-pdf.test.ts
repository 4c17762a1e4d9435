import { describe, expect, it } from 'vitest';
import { invoicePdf } from './invoice-pdf.ts';

const labels = {
  title: 'FACTURE',
  date: 'Date',
  validUntil: 'Valable jusqu’au',
  billTo: 'Facturé à',
  issued: 'Émise',
  due: 'Échéance',
  description: 'Description',
  qty: 'Qté',
  unitPrice: 'Prix',
  taxRate: 'TVA %',
  tax: 'TVA',
  amount: 'Montant',
  subtotal: 'Sous-total',
  total: 'Total',
  paid: 'Payé',
  balance: 'Reste à payer',
  payments: 'Paiements',
  methods: { 'mobile-money': 'Mobile money' },
};

const invoice = {
  organization: { name: 'Boutique (Awa) \\ Dakar', country: 'SN', currency: 'XOF' },
  number: 'INV-000007',
  status: 'ISSUED',
  currency: 'XOF',
  customer: { name: 'Fatou Ndiaye' },
  createdAt: '2026-11-20T10:00:00Z',
  issuedAt: '2026-11-20T10:00:00Z',
  dueAt: '2026-12-20',
  lines: Array.from({ length: 60 }, (_, i) => ({
    description: `Café Touba ${i}`,
    qty: 2,
    unitPrice: 1500,
    taxRate: 18,
  })),
  subtotal: 180000,
  tax: 32400,
  total: 212400,
  amountPaid: 1000,
  payments: [{ amount: 1000, method: 'mobile-money', provider: 'WAVE', receivedAt: '2026-11-21T10:00:00Z' }],
};

describe('invoicePdf', () => {
  it('writes a well-formed PDF whose cross-reference table points at each object', async () => {
    const bytes = new Uint8Array(await invoicePdf(invoice, labels, 'fr').arrayBuffer());
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    // 60 lines do not fit on one A4 page.
    expect(/\/Count (\d+)/.exec(text)![1]).toBe('2');
  });

  it('escapes parentheses and backslashes, and writes accents in the standard encoding', async () => {
    const text = new TextDecoder('latin1').decode(await invoicePdf(invoice, labels, 'fr').arrayBuffer());
    expect(text).toContain('(Boutique \\(Awa\\) \\\\ Dakar)');
    expect(text).toContain('Caf\\351 Touba 0');
    expect(text).toContain('XOF');
  });

  it('titles a quote as a quote: its date and how long it holds, no issue date, nothing paid or owed', async () => {
    const quote = {
      ...invoice,
      status: 'QUOTE',
      issuedAt: null,
      amountPaid: 0,
      payments: [],
      lines: invoice.lines.slice(0, 2),
    };
    const text = new TextDecoder('latin1').decode(
      await invoicePdf(quote, { ...labels, title: 'DEVIS' }, 'fr').arrayBuffer(),
    );
    expect(text).toContain('(DEVIS INV-000007)');
    expect(text).toContain('(Date: 20/11/2026)');
    expect(text).toContain('(Valable jusqu\\222au: 20/12/2026)');
    expect(text).not.toContain('\\311mise');
    expect(text).not.toContain('Reste \\340 payer');
    expect(text).not.toContain('(Paiements)');
    // The tax column is the rate, the total's line the amount.
    expect(text).toContain('(TVA %)');
    expect(text).toContain('(TVA)');
  });
});
