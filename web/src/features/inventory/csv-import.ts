// Reading a products CSV: RFC 4180 quoting, a UTF-8 byte-order mark, CRLF or LF, and the semicolons that
// French-language Excel writes instead of commas. Each row is checked with the product form's rules so
// the preview shows every problem before anything is sent.
import { PRODUCT_CSV_COLUMNS, ProductInputSchema } from '@shared/schemas/inventory.ts';

export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (often at the end of a file) are not products.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

export interface RowProblem {
  row: number;
  field: string;
  /** A reason code with its parameters (`TOO_LONG {"max":255}`), translated when shown. */
  message: string;
}

export type ParsedImport =
  | { kind: 'header'; expected: string }
  | { kind: 'empty' }
  | { kind: 'rows'; rows: Record<string, string>[]; problems: RowProblem[] };

/** The file's products, or why it cannot be read. Row numbers are the spreadsheet's (header = 1). */
export function readProductsCsv(text: string): ParsedImport {
  const [header, ...lines] = parseCsv(text);
  const expected = PRODUCT_CSV_COLUMNS.join(', ');
  if (!header) return { kind: 'empty' };
  const columns = header.map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c) => [c, columns.indexOf(c.toLowerCase())]));
  // The SKU column may be left out, as its cells may be empty: a product's SKU is optional.
  if (index.name! < 0 || index.cost! < 0 || index.price! < 0) return { kind: 'header', expected };
  if (!lines.length) return { kind: 'empty' };
  const rows = lines.map((cells) =>
    Object.fromEntries(
      PRODUCT_CSV_COLUMNS.flatMap((c) => (index[c]! >= 0 ? [[c, (cells[index[c]!] ?? '').trim()]] : [])),
    ),
  );
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const line = i + 2;
    const result = ProductInputSchema.safeParse({
      ...row,
      lowStockThreshold: row.lowStockThreshold || undefined,
      openingStock: row.openingStock || undefined,
    });
    if (!result.success) {
      const byField = new Map<string, string>();
      for (const issue of result.error.issues) byField.set(String(issue.path[0]), issue.message);
      for (const [field, message] of byField) problems.push({ row: line, field, message });
    }
    const sku = (row.sku ?? '').toLowerCase();
    if (sku && seen.has(sku)) problems.push({ row: line, field: 'sku', message: 'SKU_REPEATED_IN_FILE' });
    else if (sku) seen.set(sku, line);
  });
  return { kind: 'rows', rows, problems };
}

/** The template offered for download: the columns and one example product. */
export function templateCsv(): string {
  return (
    '\uFEFF' +
    [PRODUCT_CSV_COLUMNS.join(','), 'Gino Tomato Paste 70g,GINO-70,6001234500012,tin,4.50,6.00,,10,48'].join(
      '\r\n',
    ) +
    '\r\n'
  );
}
