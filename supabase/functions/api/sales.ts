// /api/customers, /api/invoices, /api/payments: thin over the tables and the mutation functions.
import { z } from 'zod';
import {
  CustomerInputSchema,
  InvoiceInputSchema,
  PaymentInputSchema,
} from '../../../packages/shared/schemas/sales.ts';
import { orgContext, unwrap } from '../_shared/context.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

const withOrg = <T extends z.ZodType>(schema: T) =>
  z.intersection(schema, z.object({ orgId: z.string().optional() }));

type CustomerRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  created_at: string;
};
const toCustomer = (c: CustomerRow) => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  createdAt: c.created_at,
});

export async function listCustomers(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db
    .from('customers')
    .select('id, name, email, phone, created_at')
    .eq('org_id', orgId)
    .eq('archived', false)
    .order('created_at', { ascending: false })
    .limit(500);
  if (error) throw fromPostgrest(error);
  return Response.json(data.map(toCustomer));
}

export async function createCustomer(req: Request): Promise<Response> {
  const input = await parseBody(req, withOrg(CustomerInputSchema));
  const { db, orgId } = await orgContext(req, input.orgId);
  const { data, error } = await db
    .from('customers')
    .insert({
      id: input.id,
      org_id: orgId,
      name: input.name,
      email: input.email || null,
      phone: input.phone || null,
    })
    .select('id, name, email, phone, created_at')
    .single();
  if (error) throw fromPostgrest(error);
  return Response.json(toCustomer(data), { status: 201 });
}

export async function updateCustomer(req: Request, { id }: Params): Promise<Response> {
  const input = await parseBody(req, withOrg(CustomerInputSchema));
  const { db, orgId } = await orgContext(req, input.orgId);
  const { data, error } = await db
    .from('customers')
    .update({ name: input.name, email: input.email || null, phone: input.phone || null })
    .eq('org_id', orgId)
    .eq('id', id!)
    .select('id, name, email, phone, created_at')
    .maybeSingle();
  if (error) throw fromPostgrest(error);
  if (!data) throw new AppError('NOT_FOUND', 'Customer not found');
  return Response.json(toCustomer(data));
}

const INVOICE_COLUMNS =
  'id, number, status, currency, subtotal, tax, total, amount_paid, created_at, issued_at, due_at, customer:customers(id, name)';

export async function listInvoices(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db
    .from('invoices')
    .select(INVOICE_COLUMNS)
    .eq('org_id', orgId)
    .order('created_at', { ascending: false })
    .limit(500);
  if (error) throw fromPostgrest(error);
  return Response.json(
    data.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      currency: i.currency,
      subtotal: i.subtotal,
      tax: i.tax,
      total: i.total,
      amountPaid: i.amount_paid,
      createdAt: i.created_at,
      issuedAt: i.issued_at,
      dueAt: i.due_at,
      customer: i.customer ? { id: i.customer.id, name: i.customer.name } : null,
    })),
  );
}

export async function createInvoice(req: Request): Promise<Response> {
  const input = await parseBody(req, withOrg(InvoiceInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('create_invoice', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: input,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data), { status: 201 });
}

export async function listPayments(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db
    .from('payments')
    .select(
      'id, method, provider, amount, currency, ref, received_at, invoice:invoices(id, number, currency, customer:customers(name))',
    )
    .eq('org_id', orgId)
    .order('received_at', { ascending: false })
    .limit(500);
  if (error) throw fromPostgrest(error);
  return Response.json(
    data.map((p) => ({
      id: p.id,
      method: p.method,
      provider: p.provider,
      amount: p.amount,
      currency: p.currency,
      ref: p.ref,
      receivedAt: p.received_at,
      invoice: p.invoice
        ? {
            id: p.invoice.id,
            number: p.invoice.number,
            currency: p.invoice.currency,
            customer: { name: p.invoice.customer?.name ?? '' },
          }
        : null,
    })),
  );
}

export async function recordPayment(req: Request): Promise<Response> {
  const input = await parseBody(req, withOrg(PaymentInputSchema));
  const { db, orgId, mutationId } = await orgContext(req, input.orgId);
  const { data, error } = await db.rpc('record_payment', {
    p_org_id: orgId,
    p_mutation_id: mutationId!,
    p_input: input,
  });
  if (error) throw fromPostgrest(error);
  return Response.json(unwrap(data), { status: 201 });
}

export async function getMetrics(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('get_metrics', { p_org_id: orgId });
  if (error) throw fromPostgrest(error);
  if (!data) throw new AppError('NOT_FOUND', 'Organization not found');
  return Response.json(data);
}
