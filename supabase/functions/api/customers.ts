// /api/customers: listed and searched in SQL, saved, deleted when nothing refers to them, merged.
import { CustomerInputSchema, CustomerMergeInputSchema } from '@shared/schemas/sales.ts';
import type { Params } from './router.ts';
import { orgRequest, Paging, query, withTotal } from './request.ts';

type CustomerRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address?: string | null;
  tax_id?: string | null;
  created_at: string;
};
const toCustomer = (c: CustomerRow) => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: c.address ?? null,
  taxId: c.tax_id ?? null,
  createdAt: c.created_at,
});

export async function listCustomers(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  const q = query(req, Paging);
  // One SQL function searches with the trigram indexes (which RLS would keep it from using).
  const data = await call('list_customers', {
    p_search: q.search ?? '',
    p_limit: q.limit,
    p_offset: q.offset,
  });
  const page = data as unknown as { total: number; rows: CustomerRow[] };
  return withTotal(page.rows.map(toCustomer), page.total);
}

async function saveCustomer(req: Request, id?: string): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: CustomerInputSchema });
  const saved = (await write('save_customer', { p_input: { ...body, id: id ?? body.id } })) as CustomerRow;
  return Response.json(toCustomer(saved), { status: id ? 200 : 201 });
}
export const createCustomer = (req: Request) => saveCustomer(req);
export const updateCustomer = (req: Request, { id }: Params<'id'>) => saveCustomer(req, id);

/** DELETE /api/customers/:id: a customer nothing refers to (owners and managers), applied once. */
export async function deleteCustomer(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { write } = await orgRequest(req);
  const deleted = (await write('delete_customer', { p_customer_id: id })) as CustomerRow;
  return Response.json({ id: deleted.id, deleted: true });
}

/**
 * POST /api/customers/:id/merge { into }: this customer (a duplicate) merged into the one kept — its
 * invoices, subscriptions, statement links and documents move there — applied once. Answers the kept customer and
 * how much moved.
 */
export async function mergeCustomer(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: CustomerMergeInputSchema });
  const m = (await write('merge_customers', { p_from: id, p_into: body.into })) as {
    customer: CustomerRow;
    mergedId: string;
    invoices: number;
    subscriptions: number;
    shareLinks: number;
    documents: number;
  };
  return Response.json({
    customer: toCustomer(m.customer),
    mergedId: m.mergedId,
    moved: {
      invoices: m.invoices,
      subscriptions: m.subscriptions,
      shareLinks: m.shareLinks,
      documents: m.documents,
    },
  });
}
