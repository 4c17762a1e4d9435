// /api/customers: listed and searched in SQL, saved, deleted when nothing refers to them, merged.
import { CustomerInputSchema, CustomerMergeInputSchema } from '@shared/schemas/sales.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError, refusalOf } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';
import { Paging, query, withOrg, withTotal } from './lists.ts';

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
  const { db, orgId } = await orgContext(req);
  const q = query(req, Paging);
  // One SQL function searches with the trigram indexes (which RLS would keep it from using).
  const { data, error } = await db.rpc('list_customers', {
    p_org_id: orgId,
    p_search: q.search ?? '',
    p_limit: q.limit,
    p_offset: q.offset,
  });
  if (error) {
    if (error.code === '42501') throw new AppError('FORBIDDEN', error.message, undefined, refusalOf(error));
    throw fromPostgrest(error);
  }
  const page = data as unknown as { total: number; rows: CustomerRow[] };
  return withTotal(page.rows.map(toCustomer), page.total);
}

async function saveCustomer(req: Request, id?: string): Promise<Response> {
  const input = await parseBody(req, withOrg(CustomerInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('save_customer', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: { ...input, id: id ?? input.id },
  });
  if (error) throw fromPostgrest(error);
  return Response.json(toCustomer(unwrap<CustomerRow>(data)), { status: id ? 200 : 201 });
}
export const createCustomer = (req: Request) => saveCustomer(req);
export const updateCustomer = (req: Request, { id }: Params) => saveCustomer(req, id);

/** DELETE /api/customers/:id: a customer nothing refers to (owners and managers), applied once. */
export async function deleteCustomer(req: Request, { id }: Params): Promise<Response> {
  const { db, orgId, mutationId } = await orgContext(req);
  const { data, error } = await db.rpc('delete_customer', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_customer_id: id!,
  });
  if (error) throw fromPostgrest(error);
  return Response.json({ id: unwrap<CustomerRow>(data).id, deleted: true });
}

/**
 * POST /api/customers/:id/merge { into }: this customer (a duplicate) merged into the one kept — its
 * invoices, subscriptions, statement links and documents move there — applied once. Answers the kept customer and
 * how much moved.
 */
export async function mergeCustomer(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, withOrg(CustomerMergeInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('merge_customers', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_from: id!,
    p_into: input.into,
  });
  if (error) throw fromPostgrest(error);
  const m = unwrap<{
    customer: CustomerRow;
    mergedId: string;
    invoices: number;
    subscriptions: number;
    shareLinks: number;
    documents: number;
  }>(data);
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
