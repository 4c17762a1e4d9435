// /api/products: list, create (with opening stock), update, delete (archived when history refers to it).
import { z } from 'zod';
import { ProductInputSchema } from '../../../packages/shared/schemas/inventory.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

const COLUMNS =
  'id, name, sku, barcode, unit, cost, price, tax_code, stock_on_hand, low_stock_threshold, version';
type Row = {
  id: string;
  name: string;
  sku: string;
  barcode: string | null;
  unit: string;
  cost: number;
  price: number;
  tax_code: string | null;
  stock_on_hand: number;
  low_stock_threshold: number;
  version: number;
};

export const toProduct = (p: Row) => ({
  id: p.id,
  name: p.name,
  sku: p.sku,
  barcode: p.barcode,
  unit: p.unit,
  cost: p.cost,
  price: p.price,
  taxCode: p.tax_code,
  stockOnHand: p.stock_on_hand,
  lowStockThreshold: p.low_stock_threshold,
  version: p.version,
});

const ListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export async function listProducts(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const q = ListQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  let query = db
    .from('products')
    .select(COLUMNS, { count: 'exact' })
    .eq('org_id', orgId)
    .eq('archived', false)
    .order('name')
    .range(q.offset, q.offset + q.limit - 1);
  if (q.search) {
    const term = q.search.replace(/[%_,()*\\]/g, ' ');
    query = query.or(`name.ilike.*${term}*,sku.ilike.*${term}*,barcode.eq.${term}`);
  }
  const { data, error, count } = await query;
  if (error) throw fromPostgrest(error);
  return Response.json(data.map(toProduct), { headers: { 'x-total-count': String(count ?? data.length) } });
}

export async function createProduct(req: Request): Promise<Response> {
  const input = await parseBody(req, ProductInputSchema.extend({ orgId: z.string().optional() }));
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
  const input = await parseBody(
    req,
    ProductInputSchema.omit({ openingStock: true }).extend({ orgId: z.string().optional() }),
  );
  const { db, orgId } = await orgContext(req, input.orgId);
  const { data, error } = await db
    .from('products')
    .update({
      name: input.name,
      sku: input.sku,
      barcode: input.barcode ?? null,
      unit: input.unit,
      cost: input.cost,
      price: input.price,
      tax_code: input.taxCode ?? null,
      low_stock_threshold: input.lowStockThreshold,
    })
    .eq('org_id', orgId)
    .eq('id', id!)
    .eq('archived', false)
    .select(COLUMNS)
    .maybeSingle();
  if (error) throw fromPostgrest(error);
  if (!data) throw new AppError('NOT_FOUND', 'Product not found');
  return Response.json(toProduct(data));
}

/** Deletes a product; one that invoices or stock moves refer to is archived instead. Gone from lists either way. */
export async function deleteProduct(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.from('products').delete().eq('org_id', orgId).eq('id', id!).select('id');
  if (error?.code === '23503') {
    const archived = await db
      .from('products')
      .update({ archived: true })
      .eq('org_id', orgId)
      .eq('id', id!)
      .select('id');
    if (archived.error) throw fromPostgrest(archived.error);
    if (!archived.data.length) throw new AppError('NOT_FOUND', 'Product not found');
    return Response.json({ id, archived: true });
  }
  if (error) throw fromPostgrest(error);
  if (!data.length) throw new AppError('NOT_FOUND', 'Product not found');
  return Response.json({ id, archived: false });
}
