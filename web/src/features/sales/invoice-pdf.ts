// A real PDF of an invoice, written by hand: A4 pages, the standard Helvetica fonts (no font files to
// download), text in the Windows-1252 encoding those fonts use. Loaded only when Download PDF is pressed.
// Amounts carry the ISO currency code, since ₦ and ₵ are not in the standard fonts.
import type { InvoiceDocumentData } from './invoice-document.tsx';

const CP1252: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  '\u202f': 0x20,
  '\u00a0': 0x20,
};

function encode(text: string): number[] {
  return [...text].map((ch) => {
    const code = ch.codePointAt(0)!;
    if (CP1252[ch] !== undefined) return CP1252[ch]!;
    return code < 256 ? code : 0x3f; // '?'
  });
}

const pdfString = (text: string) =>
  encode(text)
    .map((b) =>
      b === 0x28 || b === 0x29 || b === 0x5c
        ? `\\${String.fromCharCode(b)}`
        : b < 32 || b > 126
          ? `\\${b.toString(8).padStart(3, '0')}`
          : String.fromCharCode(b),
    )
    .join('');

interface Labels {
  /** The document's kind: Invoice or Quote, in the document's language. */
  title: string;
  /** A quote's date and how long it holds (a quote is not issued and has no due date). */
  date: string;
  validUntil: string;
  billTo: string;
  issued: string;
  due: string;
  description: string;
  qty: string;
  unitPrice: string;
  /** The rate column, and the tax amount in the totals. */
  taxRate: string;
  tax: string;
  amount: string;
  subtotal: string;
  total: string;
  paid: string;
  balance: string;
  payments: string;
  methods: Record<string, string>;
}

export function invoicePdf(data: InvoiceDocumentData, labels: Labels, locale: string): Blob {
  const number = (n: number, decimals: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(n);
  const decimals = data.currency === 'XOF' || data.currency === 'GNF' ? 0 : 2;
  const money = (n: number) => `${data.currency} ${number(n, decimals)}`;
  const date = (s: string) => new Date(s).toLocaleDateString(locale);

  const pages: string[][] = [[]];
  let y = 800;
  const page = () => pages[pages.length - 1]!;
  const text = (x: number, size: number, s: string, bold = false, right = false) => {
    // Right-aligned text: Helvetica averages about half the font size per character.
    const at = right ? x - s.length * size * 0.5 : x;
    page().push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${at.toFixed(1)} ${y} Td (${pdfString(s)}) Tj ET`);
  };
  const line = () => page().push(`0.8 G 40 ${y - 4} m 555 ${y - 4} l S 0 G`);
  const next = (dy: number) => {
    y -= dy;
    if (y < 60) {
      pages.push([]);
      y = 800;
    }
  };

  text(40, 18, data.organization.name, true);
  text(555, 14, `${labels.title} ${data.number}`, true, true);
  next(18);
  text(40, 10, `${data.organization.country} - ${data.organization.currency}`);
  next(30);
  text(40, 10, labels.billTo, true);
  const quote = data.status === 'QUOTE';
  text(
    555,
    10,
    quote
      ? `${labels.date}: ${date(data.createdAt)}`
      : `${labels.issued}: ${date(data.issuedAt ?? data.createdAt)}`,
    false,
    true,
  );
  next(14);
  text(40, 11, data.customer.name);
  if (data.dueAt)
    text(555, 10, `${quote ? labels.validUntil : labels.due}: ${date(data.dueAt)}`, false, true);
  next(30);
  text(40, 10, labels.description, true);
  text(330, 10, labels.qty, true, true);
  text(420, 10, labels.unitPrice, true, true);
  text(470, 10, labels.taxRate, true, true);
  text(555, 10, labels.amount, true, true);
  line();
  next(18);
  for (const l of data.lines) {
    text(40, 10, l.description.slice(0, 48));
    text(330, 10, number(l.qty, Number.isInteger(l.qty) ? 0 : 3), false, true);
    text(420, 10, money(l.unitPrice), false, true);
    text(470, 10, `${number(l.taxRate, 0)}%`, false, true);
    text(555, 10, money(l.qty * l.unitPrice), false, true);
    next(16);
  }
  line();
  next(20);
  // A quote asks for nothing yet: no amount paid, no balance, no payments.
  const totals: [string, number, boolean][] = [
    [labels.subtotal, data.subtotal, false],
    [labels.tax, data.tax, false],
    [labels.total, data.total, true],
  ];
  if (!quote)
    totals.push(
      [labels.paid, data.amountPaid, false],
      [labels.balance, data.status === 'VOID' ? 0 : data.total - data.amountPaid, true],
    );
  for (const [label, value, bold] of totals) {
    text(420, 10, label, bold, true);
    text(555, 10, money(value), bold, true);
    next(16);
  }
  if (!quote && data.payments.length) {
    next(14);
    text(40, 10, labels.payments, true);
    next(16);
    for (const p of data.payments) {
      text(40, 10, `${date(p.receivedAt)}  ${labels.methods[p.method] ?? p.method}`);
      text(555, 10, money(p.amount), false, true);
      next(14);
    }
  }

  // Objects: 1 catalog, 2 page tree, 3-4 fonts, then a page and its content stream per page.
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${5 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((ops, i) => {
    const stream = ops.join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character above is one byte (the text was escaped to ASCII), so lengths are byte offsets.
  return new Blob([body], { type: 'application/pdf' });
}
