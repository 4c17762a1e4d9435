// /api/products: the list searched in SQL, one product, its stock moves; every write is one idempotent
// SQL mutation (the Idempotency-Key header is the offline outbox's id for it).
import { z } from 'zod';
import type { Product, ProductDeleted, StockMove } from '@shared/api/products.ts';
import { ProductImportSchema, ProductInputSchema, StockAdjustmentSchema } from '@shared/schemas/inventory.ts';
import { STOCK_STATUSES } from '@shared/schemas/values.ts';
import { AppError } from '../_shared/errors.ts';
import { BODY_LIMIT } from '../_shared/http.ts';
import { ok, orgRequest, Paging, query, withTotal } from './request.ts';
import type { Params } from './router.ts';

const COLUMNS =
  'id, name, sku, barcode, unit, cost, price, tax_code, stock_on_hand, low_stock_threshold, stock_status, version, updated_at';
type Row = {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  unit: string;
  cost: number;
  price: number;
  tax_code: string | null;
  stock_on_hand: number;
  low_stock_threshold: number;
  stock_status: string | null;
  version: number;
  updated_at: string;
};

const toProduct = (p: Row): Product => ({
  id: p.id,
  name: p.name,
  sku: p.sku,
  barcode: p.barcode,
  unit: p.unit,
  cost: Number(p.cost),
  price: Number(p.price),
  taxCode: p.tax_code,
  stockOnHand: Number(p.stock_on_hand),
  lowStockThreshold: p.low_stock_threshold,
  // The database computes it from the stock and the threshold: always one of these (products.stock_status).
  stockStatus: p.stock_status as Product['stockStatus'],
  version: p.version,
  updatedAt: p.updated_at,
});

const ListQuery = Paging.extend({ status: z.enum(['attention', ...STOCK_STATUSES]).optional() });

export async function listProducts(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  const q = query(req, ListQuery);
  // One SQL function searches with the trigram indexes (which RLS would keep it from using).
  const data = await call('list_products', {
    p_search: q.search ?? '',
    p_status: q.status ?? null,
    p_limit: q.limit,
    p_offset: q.offset,
  });
  const page = data as unknown as { total: number; rows: Row[] };
  return withTotal(page.rows.map(toProduct), page.total ?? page.rows.length);
}

export async function getProduct(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const { data } = ok(
    await db
      .from('products')
      .select(COLUMNS)
      .eq('org_id', orgId)
      .eq('id', id)
      .eq('archived', false)
      .maybeSingle(),
  );
  if (!data) throw new AppError('NOT_FOUND', 'Product not found', undefined, { reason: 'PRODUCT_NOT_FOUND' });
  return Response.json(toProduct(data));
}

export async function createProduct(req: Request): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: ProductInputSchema });
  const created = (await write('create_product', { p_input: body })) as Row;
  return Response.json(toProduct(created), { status: 201 });
}

export async function updateProduct(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: ProductInputSchema.omit({ openingStock: true }) });
  const updated = (await write('update_product', { p_product_id: id, p_input: body })) as Row;
  return Response.json(toProduct(updated));
}

/** Deletes a product; one that invoices, orders or stock moves refer to is archived. Gone from lists either way. */
export async function deleteProduct(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { write } = await orgRequest(req);
  return Response.json((await write('delete_product', { p_product_id: id })) as ProductDeleted);
}

export async function listStockMoves(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const q = query(req, Paging);
  const { data, count } = ok(
    await db
      .from('stock_moves')
      .select('id, delta, reason, ref_id, note, created_at, created_by', { count: 'exact' })
      .eq('org_id', orgId)
      .eq('product_id', id)
      .order('created_at', { ascending: false })
      .order('id')
      .range(q.offset, q.offset + q.limit - 1),
  );
  // Who made each move: the authors' names, in one more query (auth.users is not exposed to embed).
  const authorIds = [...new Set(data.flatMap((m) => (m.created_by ? [m.created_by] : [])))];
  const authors = new Map<string, { firstName: string; lastName: string }>();
  if (authorIds.length) {
    const people = ok(await db.from('profiles').select('id, first_name, last_name').in('id', authorIds));
    for (const p of people.data) authors.set(p.id, { firstName: p.first_name, lastName: p.last_name });
  }
  return withTotal(
    data.map((m): StockMove => ({
      id: m.id,
      delta: Number(m.delta),
      reason: m.reason,
      refId: m.ref_id,
      note: m.note,
      createdAt: m.created_at,
      author: (m.created_by ? authors.get(m.created_by) : undefined) ?? null,
    })),
    count ?? data.length,
  );
}

export async function adjustStock(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: StockAdjustmentSchema });
  const adjusted = await write('adjust_stock', { p_product_id: id, p_delta: body.delta, p_note: body.note });
  return Response.json(adjusted, { status: 201 });
}

export async function importProducts(req: Request): Promise<Response> {
  // 5,000 rows of a spreadsheet: more than other bodies, still bounded.
  const { body, write } = await orgRequest(req, { body: ProductImportSchema, bodyLimit: 8 * BODY_LIMIT });
  return Response.json(await write('import_products', { p_rows: body.rows }), { status: 201 });
}
