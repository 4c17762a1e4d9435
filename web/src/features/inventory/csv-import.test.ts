import { describe, expect, it } from 'vitest';
import { parseCsv, readProductsCsv, templateCsv } from './csv-import.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, after a byte-order mark', () => {
    expect(parseCsv('\uFEFFname,note\r\n"Rice, 5kg","He said ""fine""\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Rice, 5kg', 'He said "fine"\nthen left'],
    ]);
  });

  it('reads the semicolons French Excel writes, and skips blank lines', () => {
    expect(parseCsv('name;sku;cost;price\nCafé Touba;CT-1;1500;2000\n\n')).toEqual([
      ['name', 'sku', 'cost', 'price'],
      ['Café Touba', 'CT-1', '1500', '2000'],
    ]);
  });
});

describe('readProductsCsv', () => {
  it('accepts its own template', () => {
    const parsed = readProductsCsv(templateCsv());
    expect(parsed).toMatchObject({ kind: 'rows', problems: [] });
    if (parsed.kind === 'rows') expect(parsed.rows[0]).toMatchObject({ sku: 'GINO-70', openingStock: '48' });
  });

  it('lists each problem with its spreadsheet row, including SKUs repeated in the file', () => {
    const parsed = readProductsCsv(
      ['name,sku,cost,price,lowStockThreshold', 'Rice,R1,10,12,', ',R2,,12,2.5', 'Oil,r1,5,abc,3'].join('\n'),
    );
    expect(parsed).toEqual({
      kind: 'rows',
      rows: expect.any(Array),
      problems: [
        { row: 3, field: 'name', message: 'REQUIRED' },
        { row: 3, field: 'cost', message: 'COST_REQUIRED' },
        { row: 3, field: 'lowStockThreshold', message: 'WHOLE_NUMBER' },
        { row: 4, field: 'price', message: 'PRICE_REQUIRED' },
        { row: 4, field: 'sku', message: 'SKU_REPEATED_IN_FILE' },
      ],
    });
  });

  it('takes products without a SKU: an empty cell, or no SKU column at all', () => {
    expect(readProductsCsv('name,sku,cost,price\nKenkey,,2,3\nBanku,,1,2')).toMatchObject({
      kind: 'rows',
      problems: [],
    });
    const parsed = readProductsCsv('name,cost,price\nKenkey,2,3');
    expect(parsed).toMatchObject({
      kind: 'rows',
      problems: [],
      rows: [{ name: 'Kenkey', cost: '2', price: '3' }],
    });
  });

  it('refuses a file without the required columns, or without products', () => {
    expect(readProductsCsv('product,qty\nRice,2')).toMatchObject({ kind: 'header' });
    expect(readProductsCsv('name,sku,cost,price\n')).toEqual({ kind: 'empty' });
    expect(readProductsCsv('')).toEqual({ kind: 'empty' });
  });
});
