// Domain builders shared by the suites: organizations on a plan, products with opening stock, customers,
// and invoices built the way the app builds them (an empty QUOTE, then its lines, then moved along).
import { randomUUID } from 'node:crypto';
import { actAs, createUser, type Sql, sqlAs, user } from './harness.ts';

export interface Org {
  id: string;
  ownerId: string;
}

export const rand = () => randomUUID().slice(0, 8);

/** Creates a user and, through create_organization, an organization they own. */
export async function setupOrg(
  sql: Sql,
  opts: { country?: string; currency?: string; plan?: 'STARTER' | 'GROWTH' } = {},
): Promise<Org> {
  const owner = await createUser(sql);
  const [org] = await actAs(sql, user(owner.id), () =>
    sql<{ id: string }>(`select id from public.create_organization($1, $2, $3)`, [
      `Org ${rand()}`,
      opts.country ?? 'GH',
      opts.currency ?? 'GHS',
    ]),
  );
  if (opts.plan && opts.plan !== 'STARTER') await setPlan(sql, org!.id, opts.plan);
  return { id: org!.id, ownerId: owner.id };
}

/** Moves the organization's license to `plan` (what billing does with the service role). */
export async function setPlan(
  sql: Sql,
  orgId: string,
  plan: 'STARTER' | 'GROWTH' | 'BUSINESS',
  opts: { endAt?: string; graceDays?: number } = {},
) {
  await sql(`update public.licenses set plan = $2, end_at = $3, grace_days = $4 where org_id = $1`, [
    orgId,
    plan,
    opts.endAt ?? null,
    opts.graceDays ?? 7,
  ]);
}

export async function createProduct(
  sql: Sql,
  org: Org,
  opts: { stock?: number; price?: string; threshold?: number } = {},
): Promise<string> {
  const [p] = await sql<{ id: string }>(
    `insert into public.products (org_id, name, sku, price, low_stock_threshold)
     values ($1, $2, $2, $3, $4) returning id`,
    [org.id, `Product ${rand()}`, opts.price ?? '10.00', opts.threshold ?? 5],
  );
  if (opts.stock) {
    await sql(
      `insert into public.stock_moves (org_id, product_id, delta, reason, created_by) values ($1, $2, $3, 'OPENING', $4)`,
      [org.id, p!.id, opts.stock, org.ownerId],
    );
  }
  return p!.id;
}

export async function createCustomer(sql: Sql, org: Org): Promise<string> {
  const [c] = await sql<{ id: string }>(
    `insert into public.customers (org_id, name) values ($1, $2) returning id`,
    [org.id, `Customer ${rand()}`],
  );
  return c!.id;
}

export interface Line {
  productId?: string | null;
  qty: string | number;
  unitPrice: string | number;
  taxRate?: string | number;
  /** Percent off the line (as a subscription's invoice has); only the database's owner may set it. */
  discountPercent?: string | number;
}

export async function addLine(sql: Sql, org: Org, invoiceId: string, line: Line): Promise<string> {
  // A discount is named only when there is one: members have no grant on the column.
  const discount = line.discountPercent ? ', discount_percent' : '';
  const [l] = await sql<{ id: string }>(
    `insert into public.invoice_items (org_id, invoice_id, product_id, description, qty, unit_price, tax_rate${discount})
     values ($1, $2, $3, 'Line', $4, $5, $6${discount && ', $7'}) returning id`,
    [
      org.id,
      invoiceId,
      line.productId ?? null,
      line.qty,
      line.unitPrice,
      line.taxRate ?? 0,
      ...(discount ? [line.discountPercent] : []),
    ],
  );
  return l!.id;
}

/** An invoice built as the app builds it: an empty QUOTE, then its lines, then moved to `status`. */
export async function createInvoice(
  sql: Sql,
  org: Org,
  opts: {
    currency?: string;
    createdBy?: string;
    lines?: Line[];
    status?: 'QUOTE' | 'ISSUED' | 'VOID' | 'PAID';
  } = {},
): Promise<string> {
  const [inv] = await sql<{ id: string }>(
    `insert into public.invoices (org_id, customer_id, currency, created_by) values ($1, $2, $3, $4) returning id`,
    [org.id, await createCustomer(sql, org), opts.currency ?? 'GHS', opts.createdBy ?? org.ownerId],
  );
  for (const line of opts.lines ?? []) await addLine(sql, org, inv!.id, line);
  const status = opts.status ?? 'QUOTE';
  if (status !== 'QUOTE') {
    await sql(`update public.invoices set status = $2 where id = $1`, [
      inv!.id,
      status === 'VOID' ? 'VOID' : 'ISSUED',
    ]);
  }
  if (status === 'PAID') {
    await sql(
      `insert into public.payments (org_id, invoice_id, method, amount, currency, created_by)
       select org_id, id, 'cash', total, currency, $2 from public.invoices where id = $1`,
      [inv!.id, org.ownerId],
    );
  }
  return inv!.id;
}

/** The invoice's number, status and money, as strings. */
export async function readInvoice(sql: Sql, id: string) {
  const [row] = await sql<Record<string, string>>(
    `select number, status::text, currency, subtotal::text, tax::text, total::text, amount_paid::text
       from public.invoices where id = $1`,
    [id],
  );
  return row!;
}

/** Stock on hand of each product, as strings, in the order given. */
export async function stockOf(sql: Sql, ...productIds: string[]): Promise<string[]> {
  const rows = await sql<{ s: string }>(
    `select p.stock_on_hand::text as s from unnest($1::uuid[]) with ordinality u(id, n)
       join public.products p on p.id = u.id order by u.n`,
    [productIds],
  );
  return rows.map((r) => r.s);
}

/** Sets the invoice's status as the member; returns the rows changed (RLS may hide it). */
export function setStatus(sql: Sql, actorId: string, invoiceId: string, status: string) {
  return sqlAs(sql, user(actorId), `update public.invoices set status = $2 where id = $1 returning 1`, [
    invoiceId,
    status,
  ]);
}

/** Records a mobile money payment as the member; `currency` null lets the database take the invoice's. */
export function pay(
  sql: Sql,
  org: Org,
  actorId: string,
  invoiceId: string,
  amount: string,
  currency: string | null = null,
) {
  return sqlAs<{ currency: string }>(
    sql,
    user(actorId),
    `insert into public.payments (org_id, invoice_id, method, provider, amount, currency, ref, created_by)
     values ($1, $2, 'mobile-money', 'MTN_MOMO', $3, $4, 'MM123', $5) returning currency`,
    [org.id, invoiceId, amount, currency, actorId],
  );
}
