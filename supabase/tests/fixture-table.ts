// One valid row for every tenant table (every public table with org_id), as the database owner makes it the
// way the app's rules require (stock through stock moves, invoices as empty quotes, then lines, then
// issued); fixtures.ts inserts, reads, changes and deletes them.
import { randomUUID } from 'node:crypto';
import { createUser, type Sql } from './harness.ts';
import { createInvoice, type Org, rand } from './builders.ts';
// The rows a fixture refers to are inserted as fixtures too (used when a row is built, not at load).
import { insertFixture } from './fixtures.ts';

export type Row = Record<string, unknown>;
export type Key = Record<string, string>;

/** A column's value, or how to make it: called with the organization and the acting user. */
export type Make = (sql: Sql, org: Org, actorId: string) => unknown;
export interface Fixture {
  /** Primary key columns, returned by insertRow. */
  pk: string[];
  /** The row without org_id. Functions are called in order, e.g. to insert the rows this one refers to. */
  values: Record<string, unknown>;
  /** A harmless change, [column, new value], used by the update tests. */
  change: [string, unknown];
}

const fx = (values: Record<string, unknown>, change: [string, unknown], pk = ['id']): Fixture => ({
  pk,
  values,
  change,
});
/** The acting user: "who did it" columns (created_by, user_id…), so a member can insert as themselves. */
const actor: Make = (_sql, _org, actorId) => actorId;
/** A row of `table` in the same organization, created by the same actor; its id. */
const ref =
  (table: string): Make =>
  async (sql, org, actorId) =>
    (await insertFixture(sql, table, org, actorId)).id;
const unique =
  (prefix: string, suffix = '') =>
  () =>
    `${prefix}${rand()}${suffix}`;
const uuid = () => randomUUID();
const changed: [string, unknown] = ['name', 'Changed'];
const later = '2030-01-01T00:00:00Z';

/** The invoice line the last credit note made by creditNoteWithItem may credit. */
let lastCreditedItem = '';
/** An ISSUED (or PAID) invoice of one line (2 × 10.00) and a credit note of it, with no line yet. */
async function creditNoteWithItem(sql: Sql, org: Org, actorId: string, status: 'ISSUED' | 'PAID' = 'ISSUED') {
  const invoiceId = await createInvoice(sql, org, {
    createdBy: actorId,
    lines: [{ qty: 2, unitPrice: '10.00' }],
    status,
  });
  const [item] = await sql<{ id: string }>(`select id from public.invoice_items where invoice_id = $1`, [
    invoiceId,
  ]);
  const [note] = await sql<{ id: string }>(
    `insert into public.credit_notes (org_id, invoice_id, reason, created_by) values ($1, $2, 'Returned', $3)
     returning id`,
    [org.id, invoiceId, actorId],
  );
  lastCreditedItem = item!.id;
  return { creditNoteId: note!.id, itemId: item!.id };
}

export const fixtures: Record<string, Fixture> = {
  products: fx({ name: 'Widget', sku: unique('SKU-'), price: '10.00' }, changed),
  suppliers: fx({ name: 'Supplier' }, changed),
  purchase_orders: fx({ supplier_id: ref('suppliers'), currency: 'GHS', created_by: actor }, [
    'expected_at',
    later,
  ]),
  purchase_order_lines: fx(
    {
      purchase_order_id: ref('purchase_orders'),
      product_id: ref('products'),
      quantity: '2',
      unit_cost: '5.00',
    },
    ['quantity', '3'],
  ),
  stock_moves: fx({ product_id: ref('products'), delta: '5', reason: 'OPENING', created_by: actor }, [
    'note',
    'x',
  ]),
  customers: fx({ name: 'Customer' }, changed),
  invoice_counters: fx({ last_number: 0 }, ['last_number', 7], ['org_id']),
  invoices: fx({ customer_id: ref('customers'), currency: 'GHS', created_by: actor }, ['notes', 'Changed']),
  invoice_items: fx(
    {
      invoice_id: ref('invoices'),
      product_id: ref('products'),
      description: 'Line',
      qty: '1',
      unit_price: '10.00',
    },
    ['description', 'Changed'],
  ),
  payments: fx(
    {
      invoice_id: ((sql, org, a) =>
        createInvoice(sql, org, {
          createdBy: a,
          lines: [{ qty: 1, unitPrice: '10.00' }],
          status: 'ISSUED',
        })) as Make,
      method: 'cash',
      amount: '4.00',
      currency: 'GHS',
      created_by: actor,
    },
    ['ref', 'Changed'],
  ),
  // The trigger takes the amount, currency and invoice from the payment.
  payment_reversals: fx({ payment_id: ref('payments'), reason: 'Recorded twice', created_by: actor }, [
    'reason',
    'Changed',
  ]),
  // A credit note of an ISSUED invoice (the trigger numbers it and takes the invoice's currency).
  credit_notes: fx(
    {
      invoice_id: ((sql, org, a) =>
        createInvoice(sql, org, {
          createdBy: a,
          lines: [{ qty: 2, unitPrice: '10.00' }],
          status: 'ISSUED',
        })) as Make,
      reason: 'Returned',
      created_by: actor,
    },
    ['reason', 'Changed'],
  ),
  // A line of a credit note, of a line of the invoice it credits (its price and product the trigger's).
  credit_note_lines: fx(
    {
      credit_note_id: (async (sql, org, a) => (await creditNoteWithItem(sql, org, a)).creditNoteId) as Make,
      invoice_item_id: (() => lastCreditedItem) as Make,
      description: 'Line',
      qty: '1',
    },
    ['qty', '2'],
  ),
  // A refund of a PAID invoice credited in full (so all of it was overpaid).
  refunds: fx(
    {
      credit_note_id: (async (sql, org, a) => {
        const { creditNoteId, itemId } = await creditNoteWithItem(sql, org, a, 'PAID');
        await sql(
          `insert into public.credit_note_lines (org_id, credit_note_id, invoice_item_id, description, qty)
           values ($1, $2, $3, 'Line', 2)`,
          [org.id, creditNoteId, itemId],
        );
        return creditNoteId;
      }) as Make,
      amount: '4.00',
      method: 'cash',
      created_by: actor,
    },
    ['ref', 'Changed'],
  ),
  invoice_share_tokens: fx({ invoice_id: ref('invoices'), token_hash: uuid, created_by: actor }, [
    'revoked_at',
    later,
  ]),
  statement_share_tokens: fx(
    {
      customer_id: ref('customers'),
      period_from: '2026-01-01',
      period_to: '2026-01-31',
      token_hash: uuid,
      created_by: actor,
    },
    ['revoked_at', later],
  ),
  credit_note_share_tokens: fx({ credit_note_id: ref('credit_notes'), token_hash: uuid, created_by: actor }, [
    'revoked_at',
    later,
  ]),
  business_profiles: fx({ legal_name: 'Legal name Ltd' }, ['legal_name', 'Changed Ltd'], ['org_id']),
  payment_reminder_settings: fx({ enabled: true }, ['enabled', false], ['org_id']),
  leads: fx({ name: 'Lead', owner_id: ((_s, org) => org.ownerId) as Make }, changed),
  lead_notes: fx({ lead_id: ref('leads'), user_id: actor, note: 'Note' }, ['note', 'Changed']),
  expenses: fx({ vendor: 'Vendor', category: 'rent', amount: '100.00', currency: 'GHS', created_by: actor }, [
    'vendor',
    'Changed',
  ]),
  expense_reversals: fx({ expense_id: ref('expenses'), reason: 'Paid by the landlord', created_by: actor }, [
    'reason',
    'Changed',
  ]),
  memberships: fx(
    { user_id: (async (sql) => (await createUser(sql)).id) as Make, role: 'SALES' },
    ['role', 'ACCOUNTANT'],
    ['org_id', 'user_id'],
  ),
  invitations: fx(
    { email: unique('invitee-', '@test.kasuwa.app'), role: 'SALES', token_hash: uuid, invited_by: actor },
    ['revoked_at', later],
  ),
  member_preferences: fx({ user_id: actor, theme: 'dark' }, ['theme', 'light'], ['org_id', 'user_id']),
  employees: fx({ name: 'Employee' }, ['title', 'Changed']),
  // An old expired license: it does not change which plan applies now.
  licenses: fx({ plan: 'STARTER', status: 'EXPIRED', start_at: '2000-01-01T00:00:00Z' }, [
    'notes',
    'Changed',
  ]),
  subscription_plans: fx({ name: 'Maintenance', price: '50.00', currency: 'GHS' }, changed),
  plan_lines: fx(
    {
      plan_id: ref('subscription_plans'),
      product_id: ref('products'),
      description: 'Line',
      qty: '1',
      unit_price: '10.00',
    },
    ['description', 'Changed'],
  ),
  subscriptions: fx({ customer_id: ref('customers'), plan_id: ref('subscription_plans') }, ['quantity', 2]),
  subscription_invoices: fx(
    {
      subscription_id: ref('subscriptions'),
      invoice_id: ref('invoices'),
      period_start: '2026-01-01',
      period_end: '2026-01-31',
    },
    ['attempt_count', 2],
  ),
  billing_cycles: fx(
    {
      subscription_id: ref('subscriptions'),
      cycle_number: 1,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      amount: '50.00',
      currency: 'GHS',
    },
    ['status', 'BILLED'],
  ),
  document_categories: fx({ name: unique('Category ') }, ['description', 'Changed']),
  documents: fx(
    {
      category_id: ref('document_categories'),
      uploaded_by: actor,
      name: 'Lease',
      file_name: 'lease.pdf',
      file_path: unique('lease-'),
      file_size: 1024,
    },
    ['description', 'Changed'],
  ),
  document_versions: fx(
    {
      document_id: ref('documents'),
      version_number: 1,
      file_name: 'lease-v1.pdf',
      file_path: unique('lease-v1-'),
      file_size: 512,
      uploaded_by: actor,
    },
    ['change_note', 'Changed'],
  ),
  document_shares: fx(
    { document_id: ref('documents'), shared_by: actor, shared_with: ((_s, org) => org.ownerId) as Make },
    ['permission', 'EDIT'],
  ),
  gamification_events: fx({ user_id: actor, event_type: 'first_product' }, ['event_type', 'changed']),
  audit_logs: fx({ actor_id: actor, action: 'INSERT', entity: 'products', entity_id: uuid }, ['entity', 'x']),
  // Written by the database's triggers only; the fixture's row is the actor's own notification.
  notifications: fx({ user_id: actor, kind: 'low_stock', data: '{}' }, ['read_at', later]),
  sync_mutations: fx(
    { mutation_id: uuid, name: 'createProduct', request_hash: 'hash', status: 'applied', created_by: actor },
    ['status', 'refused'],
    ['org_id', 'mutation_id'],
  ),
};

export const tenantTables = Object.keys(fixtures).sort();

export function fixture(table: string): Fixture {
  const f = fixtures[table];
  if (!f) throw new Error(`No fixture for ${table}`);
  return f;
}
