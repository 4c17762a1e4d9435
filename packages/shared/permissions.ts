// What each role may do, by name: the one table every layer asks. The database holds the same table
// (private.role_permissions, seeded in supabase/migrations/20261122000200_accounts.sql) and its policies and
// functions ask it by these names (`private.org_ids_that_can('invoice.edit')`, `private.require(org,
// 'payment.reverse', …)`); the `api` function asks the database (`rpc/can`); the app hides what a member
// may not do (`useCan('payment.reverse')`, web/src/lib/organization.tsx). supabase/tests/permissions.test.ts
// proves the two tables agree, and docs/roles.md lists them (packages/shared/permissions.test.ts keeps it
// in step; `npx tsx scripts/gen-roles-doc.ts` writes it).
//
// Every member reads what their organization holds, except what a `*.read*` permission below keeps to some
// roles. Each business write a member makes is one of these; their own things (preferences, notifications,
// offline-sync records, leaving an organization) are every member's and are not listed. Some rules also look
// at the row: `invoice.editOwn` is about the quotes a member created; a member with `team.invite` or
// `team.manageMembers` still needs `team.manageOwners` for anything about the OWNER role.
import { ROLES } from './schemas/values.ts';

export { ROLES };
export type Role = (typeof ROLES)[number];

const ALL = ROLES;
const OM = ['OWNER', 'MANAGER'] as const;
const OMA = ['OWNER', 'MANAGER', 'ACCOUNTANT'] as const;
const OMS = ['OWNER', 'MANAGER', 'SALES'] as const;

interface Entry {
  /** The roles that hold the permission, in the enum's order. */
  roles: readonly Role[];
  /** What it allows, for docs/roles.md. */
  what: string;
}

// prettier-ignore
export const PERMISSIONS = {
  // The organization
  'organization.delete':    { roles: ['OWNER'], what: 'Delete the organization and everything in it' },
  'settings.business':      { roles: OM, what: "Change the organization's details and business profile" },
  'settings.reminders':     { roles: OM, what: 'Set the payment reminders customers are sent' },
  // Team
  'team.invite':            { roles: OM, what: 'Invite people, renew and revoke invitations' },
  'team.manageMembers':     { roles: OM, what: "Change a member's role, remove a member" },
  'team.manageOwners':      { roles: ['OWNER'], what: 'Invite, make, change or remove an owner' },
  'employee.manage':        { roles: OM, what: 'Add, change and remove employees (staff without the app)' },
  // Inventory
  'product.edit':           { roles: OM, what: 'Add, change, import, archive and delete products' },
  'stock.adjust':           { roles: OM, what: 'Record opening stock and stock adjustments' },
  'supplier.edit':          { roles: OM, what: 'Add, change and delete suppliers' },
  'purchaseOrder.edit':     { roles: OM, what: 'Create, change, approve, receive and delete purchase orders' },
  // Customers
  'customer.edit':          { roles: ALL, what: 'Add and change customers' },
  'customer.delete':        { roles: OM, what: 'Remove a customer nothing refers to' },
  'customer.merge':         { roles: OM, what: 'Merge a customer into another' },
  'statement.read':         { roles: OMA, what: "Read and share a customer's statement" },
  // Invoices
  'invoice.create':         { roles: ALL, what: 'Create quotes and invoices' },
  'invoice.edit':           { roles: OMA, what: "Change, issue or void any quote; change any invoice's lines" },
  'invoice.editOwn':        { roles: ALL, what: "Change, issue or void the quotes they created, and their lines" },
  'creditNote.issue':       { roles: OMA, what: 'Make credit notes' },
  'share.revokeAny':        { roles: OMA, what: 'Revoke share links other members made' },
  // Payments
  'payment.record':         { roles: OMA, what: 'Record payments (and create an invoice as paid)' },
  'payment.reverse':        { roles: OMA, what: 'Reverse a payment' },
  'payment.delete':         { roles: OM, what: 'Delete a payment recorded by mistake, within 24 hours' },
  'refund.record':          { roles: OMA, what: 'Record refunds of credit notes' },
  // Recurring invoicing
  'subscription.create':    { roles: OMS, what: 'Subscribe a customer to an active plan' },
  'subscription.manage':    { roles: OM, what: 'Change, pause, resume and cancel subscriptions' },
  'subscriptionPlan.edit':  { roles: OM, what: 'Add, change and delete recurring plans' },
  // Expenses and reports
  'expense.read':           { roles: OMA, what: 'See expenses and their reversals' },
  'expense.record':         { roles: OMA, what: 'Record expenses' },
  'expense.edit':           { roles: OMA, what: 'Change an expense' },
  'expense.reverse':        { roles: OMA, what: 'Reverse an expense' },
  'expense.delete':         { roles: OM, what: 'Delete an expense' },
  'report.readFinancial':   { roles: OMA, what: 'Read the overview, payments, expenses and revenue reports' },
  'audit.read':             { roles: OMA, what: 'Read the audit log' },
  // CRM
  'lead.edit':              { roles: OMS, what: 'Add, change and delete leads; write notes on them' },
  'leadNote.deleteAny':     { roles: OM, what: "Delete other members' notes on leads" },
  // Documents
  'document.manage':        { roles: OMA, what: "Change anyone's document; delete documents, versions, shares, categories" },
  'documentCategory.edit':  { roles: OM, what: 'Add and change document categories' },
} as const satisfies Record<string, Entry>;

export type Permission = keyof typeof PERMISSIONS;

/** Every permission, in the table's order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a member with this role may do it (no role, as before the member's organizations load: no). */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}
