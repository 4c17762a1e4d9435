// /api/suppliers and /api/purchase-orders: lists read through RLS; every write is one idempotent SQL mutation
// (the Idempotency-Key header is the offline outbox's id for it); a purchase order received goes into stock.
import { z } from 'zod';
import { PurchaseOrderInputSchema, SupplierInputSchema } from '@shared/schemas/inventory.ts';
import { PURCHASE_ORDER_STATUSES } from '@shared/schemas/values.ts';
import { AppError } from '../_shared/errors.ts';
import { type Db, ok, orgRequest, Paging, query, withTotal } from './request.ts';
import type { Params } from './router.ts';

/** Characters that would change the meaning of a PostgREST filter are searched as spaces. */
const searchTerm = (s: string) => s.replace(/[%_,()*\\:."]/g, ' ').trim();

const toSupplier = (s: { id: string; name: string; email: string | null; phone: string | null }) => ({
  id: s.id,
  name: s.name,
  email: s.email,
  phone: s.phone,
});

export async function listSuppliers(req: Request): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const q = query(req, Paging);
  let rows = db
    .from('suppliers')
    .select('id, name, email, phone', { count: 'exact' })
    .eq('org_id', orgId)
    .eq('archived', false);
  const term = q.search ? searchTerm(q.search) : '';
  if (term) rows = rows.or(`name.ilike.*${term}*,email.ilike.*${term}*,phone.ilike.*${term}*`);
  const { data, count } = ok(await rows.order('name').range(q.offset, q.offset + q.limit - 1));
  return withTotal(data.map(toSupplier), count ?? data.length);
}

/** POST /api/suppliers, PUT /api/suppliers/:id */
export async function saveSupplier(req: Request, params: Partial<Params<'id'>>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: SupplierInputSchema });
  const saved = await write('save_supplier', { p_input: { ...body, id: params.id ?? body.id } });
  return Response.json(toSupplier(saved as Parameters<typeof toSupplier>[0]), {
    status: params.id ? 200 : 201,
  });
}

// ---------------------------------------------------------------------------------------------------
type OrderRow = {
  id: string;
  status: string;
  currency: string;
  subtotal: number;
  total: number;
  expected_at: string | null;
  received_at: string | null;
  created_at: string;
  supplier: { id: string; name: string } | null;
};
const ORDER_COLUMNS =
  'id, status, currency, subtotal, total, expected_at, received_at, created_at, supplier:suppliers(id, name)';
const toOrder = (o: OrderRow) => ({
  id: o.id,
  status: o.status,
  currency: o.currency,
  subtotal: Number(o.subtotal),
  total: Number(o.total),
  expectedAt: o.expected_at,
  receivedAt: o.received_at,
  createdAt: o.created_at,
  supplier: o.supplier,
});

export async function listPurchaseOrders(req: Request): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const q = query(req, Paging.extend({ status: z.enum(PURCHASE_ORDER_STATUSES).optional() }));
  let rows = db.from('purchase_orders').select(ORDER_COLUMNS, { count: 'exact' }).eq('org_id', orgId);
  if (q.status) rows = rows.eq('status', q.status);
  const { data, count } = ok(
    await rows
      .order('created_at', { ascending: false })
      .order('id')
      .range(q.offset, q.offset + q.limit - 1),
  );
  return withTotal((data as unknown as OrderRow[]).map(toOrder), count ?? data.length);
}

async function readPurchaseOrder(db: Db, orgId: string, id: string) {
  const { data } = ok(
    await db
      .from('purchase_orders')
      .select(
        `${ORDER_COLUMNS}, lines:purchase_order_lines(id, quantity, unit_cost, product:products(id, name, sku, unit))`,
      )
      .eq('org_id', orgId)
      .eq('id', id)
      .maybeSingle(),
  );
  if (!data)
    throw new AppError('NOT_FOUND', 'Purchase order not found', undefined, {
      reason: 'PURCHASE_ORDER_NOT_FOUND',
    });
  const order = data as unknown as OrderRow & {
    lines: { id: string; quantity: number; unit_cost: number; product: unknown }[];
  };
  return {
    ...toOrder(order),
    lines: order.lines.map((l) => ({
      id: l.id,
      quantity: Number(l.quantity),
      unitCost: Number(l.unit_cost),
      product: l.product,
    })),
  };
}

export async function getPurchaseOrder(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  return Response.json(await readPurchaseOrder(db, orgId, id));
}

export async function createPurchaseOrder(req: Request): Promise<Response> {
  const { db, orgId, body, write } = await orgRequest(req, { body: PurchaseOrderInputSchema });
  const order = (await write('create_purchase_order', { p_input: body })) as { id: string };
  return Response.json(await readPurchaseOrder(db, orgId, order.id), { status: 201 });
}

const setOrderStatus = (status: 'APPROVED' | 'RECEIVED') =>
  async function (req: Request, { id }: Params<'id'>): Promise<Response> {
    const { db, orgId, write } = await orgRequest(req);
    await write('set_purchase_order_status', { p_order_id: id, p_status: status });
    return Response.json(await readPurchaseOrder(db, orgId, id));
  };

export const approvePurchaseOrder = setOrderStatus('APPROVED');
export const receivePurchaseOrder = setOrderStatus('RECEIVED');
