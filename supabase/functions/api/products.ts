// /api/products, /api/suppliers and /api/purchase-orders: lists read through RLS; every write is one
// idempotent SQL mutation (the Idempotency-Key header is the offline outbox's id for it).
import { z } from 'zod';
import { ProductImportSchema, ProductInputSchema, StockAdjustmentSchema } from '@shared/schemas/inventory.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError, refusalOf } from '../_shared/errors.ts';
import { BODY_LIMIT, fromPostgrest, parseBody } from '../_shared/http.ts';
import { Paging, query, WithOrg, withTotal } from './lists.ts';
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

export const toProduct = (p: Row) => ({
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
  stockStatus: p.stock_status,
  version: p.version,
  updatedAt: p.updated_at,
});

const ListQuery = Paging.extend({
  status: z.enum(['attention', 'OUT_OF_STOCK', 'LOW_STOCK', 'IN_STOCK']).optional(),
});

export async function listProducts(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const q = query(req, ListQuery);
  // One SQL function searches with the trigram indexes (which RLS would keep it from using).
  const { data, error } = await db.rpc('list_products', {
    p_org_id: orgId,
    p_search: q.search ?? '',
    p_status: q.status ?? null!,
    p_limit: q.limit,
    p_offset: q.offset,
  });
  if (error) {
    if (error.code === '42501') throw new AppError('FORBIDDEN', error.message, undefined, refusalOf(error));
    throw fromPostgrest(error);
  }
  const page = data as unknown as { total: number; rows: Row[] };
  return withTotal(page.rows.map(toProduct), page.total ?? page.rows.length);
}

export async function getProduct(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db
    .from('products')
    .select(COLUMNS)
    .eq('org_id', orgId)
    .eq('id', id!)
    .eq('archived', false)
    .maybeSingle();
  if (error) throw fromPostgrest(error);
  if (!data) throw new AppError('NOT_FOUND', 'Product not found', undefined, { reason: 'PRODUCT_NOT_FOUND' });
  return Response.json(toProduct(data));
}

export async function createProduct(req: Request): Promise<Response> {
  const input = await parseBody(req, ProductInputSchema.extend(WithOrg));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('create_product', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: input,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toProduct(unwrap<Row>(data)), { status: 201 });
}

export async function updateProduct(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, ProductInputSchema.omit({ openingStock: true }).extend(WithOrg));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('update_product', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_product_id: id!,
    p_input: input,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toProduct(unwrap<Row>(data)));
}

/** Deletes a product; one that invoices, orders or stock moves refer to is archived. Gone from lists either way. */
export async function deleteProduct(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc('delete_product', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_product_id: id!,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap<{ id: string; archived: boolean }>(data));
}

export async function listStockMoves(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const q = query(req, Paging);
  const { data, error, count } = await db
    .from('stock_moves')
    .select('id, delta, reason, ref_id, note, created_at, created_by', { count: 'exact' })
    .eq('org_id', orgId)
    .eq('product_id', id!)
    .order('created_at', { ascending: false })
    .order('id')
    .range(q.offset, q.offset + q.limit - 1);
  if (error) throw fromPostgrest(error);
  // Who made each move: the authors' names, in one more query (auth.users is not exposed to embed).
  const authorIds = [...new Set(data.flatMap((m) => (m.created_by ? [m.created_by] : [])))];
  const authors = new Map<string, { firstName: string; lastName: string }>();
  if (authorIds.length) {
    const people = await db.from('profiles').select('id, first_name, last_name').in('id', authorIds);
    if (people.error) throw fromPostgrest(people.error);
    for (const p of people.data) authors.set(p.id, { firstName: p.first_name, lastName: p.last_name });
  }
  return withTotal(
    data.map((m) => ({
      id: m.id,
      delta: Number(m.delta),
      reason: m.reason,
      refId: m.ref_id,
      note: m.note,
      createdAt: m.created_at,
      author: (m.created_by && authors.get(m.created_by)) ?? null,
    })),
    count ?? data.length,
  );
}

export async function adjustStock(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, StockAdjustmentSchema);
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc('adjust_stock', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_product_id: id!,
    p_delta: input.delta,
    p_note: input.note,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data), { status: 201 });
}

export async function importProducts(req: Request): Promise<Response> {
  // 5,000 rows of a spreadsheet: more than other bodies, still bounded.
  const input = await parseBody(req, ProductImportSchema, { limit: 8 * BODY_LIMIT });
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc('import_products', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_rows: input.rows,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data), { status: 201 });
}
