// The role matrix of docs/roles.md, table by table: who may read, add, change and remove another
// member's rows (and, in `own`, their own). One list for the SQL tests (roles.test.ts) and the Data API
// tests (role-matrix.test.ts), so the two prove the same matrix.
export type Action = 'select' | 'insert' | 'update' | 'delete';
/** Which roles may: a string of initials, O(WNER) M(ANAGER) A(CCOUNTANT) S(ALES). */
type Allowed = Record<Action, string>;
export interface Entry extends Allowed {
  area: string;
  /** What changes when the row is the acting member's own. */
  own?: Partial<Omit<Allowed, 'insert'>>;
}

export const all = 'OMAS';
export const none = '';
/** One row of the matrix: who may select, insert, update and delete; `own` for the member's own rows. */
const m = (
  area: string,
  select: string,
  insert: string,
  update: string,
  del: string,
  own?: Entry['own'],
): Entry => ({
  area,
  select,
  insert,
  update,
  delete: del,
  ...(own ? { own } : {}),
});

// prettier-ignore
export const matrix: Record<string, Entry> = {
  // table:              m(area, select, insert, update, delete, { own rows })
  organizations:          m('organization settings', all, none, 'OM', 'O'),
  business_profiles:      m('organization settings', all, 'OM', 'OM', none),
  memberships:            m('members & invitations', all, none, 'OM', 'OM'),
  invitations:            m('members & invitations', all, 'OM', 'OM', 'OM'),
  member_preferences:     m('preferences', none, all, none, none, { select: all, update: all }),
  products:               m('inventory', all, 'OM', 'OM', 'OM'),
  suppliers:              m('inventory', all, 'OM', 'OM', 'OM'),
  purchase_orders:        m('inventory', all, 'OM', 'OM', 'OM'),
  purchase_order_lines:   m('inventory', all, 'OM', 'OM', 'OM'),
  stock_moves:            m('inventory', all, 'OM', none, none),
  customers:              m('customers', all, all, all, 'OM'),
  invoice_counters:       m('invoices', all, none, none, none),
  invoices:               m('invoices', all, all, 'OMA', none, { update: all }),
  invoice_items:          m('invoices', all, all, 'OMA', 'OMA', { update: all, delete: all }),
  invoice_share_tokens:   m('invoices', all, none, none, none),
  statement_share_tokens: m('customers', 'OMA', none, none, none),
  credit_note_share_tokens: m('invoices', all, none, none, none),
  payments:               m('payments', all, 'OMA', none, 'OM'),
  payment_reversals:      m('payments', all, none, none, none),
  credit_notes:           m('invoices', all, none, none, none),
  credit_note_lines:      m('invoices', all, none, none, none),
  refunds:                m('payments', all, none, none, none),
  expenses:               m('expenses', 'OMA', 'OMA', 'OMA', 'OM'),
  expense_reversals:      m('expenses', 'OMA', none, none, none),
  leads:                  m('leads', all, 'OMS', 'OMS', 'OMS'),
  lead_notes:             m('leads', all, 'OMS', none, 'OM', { update: 'OMS', delete: 'OMS' }),
  audit_logs:             m('audit log', 'OMA', none, none, none),
  employees:              m('employees', all, 'OM', 'OM', 'OM'),
  licenses:               m('plan & billing', all, none, none, none),
  subscription_plans:     m('subscriptions', all, 'OM', 'OM', 'OM'),
  plan_lines: m('subscriptions', all, 'OM', 'OM', 'OM'),
  subscriptions:          m('subscriptions', all, none, none, none),
  subscription_invoices:  m('subscriptions', all, none, none, none),
  billing_cycles:         m('subscriptions', all, none, none, none),
  document_categories:    m('documents', all, 'OM', 'OM', 'OMA'),
  documents:              m('documents', all, all, 'OMA', 'OMA', { update: all }),
  document_versions:      m('documents', all, all, none, 'OMA'),
  document_shares:        m('documents', all, all, none, 'OMA', { update: all }),
  gamification_events:    m('achievements', none, all, none, none, { select: all }),
  sync_mutations:         m('offline sync', none, all, none, none, { select: all }),
  notifications:          m('notifications', none, none, none, none, { select: all, update: all }),
  payment_reminder_settings: m('organization settings', all, 'OM', 'OM', none),
};

/**
 * The writes docs/decisions/006-who-writes-what.md closes to members by privilege (no grant at all), so a
 * member's attempt fails with "permission denied" (42501) before RLS is asked, and changes nothing. The
 * tests accept that refusal for these writes only; anywhere else a privilege error is a failure.
 */
export const closedByPrivilege: Record<string, readonly Action[]> = {
  invoice_share_tokens: ['insert', 'update', 'delete'],
  statement_share_tokens: ['insert', 'update', 'delete'],
  credit_note_share_tokens: ['insert', 'update', 'delete'],
  business_profiles: ['delete'],
  invoice_counters: ['insert', 'update', 'delete'],
  licenses: ['insert', 'update', 'delete'],
  audit_logs: ['insert', 'update', 'delete'],
  payments: ['update'],
  payment_reversals: ['insert', 'update', 'delete'],
  credit_notes: ['insert', 'update', 'delete'],
  credit_note_lines: ['insert', 'update', 'delete'],
  refunds: ['insert', 'update', 'delete'],
  expense_reversals: ['insert', 'update', 'delete'],
  stock_moves: ['update', 'delete'],
  subscriptions: ['insert', 'update', 'delete'],
  subscription_invoices: ['insert', 'update', 'delete'],
  billing_cycles: ['insert', 'update', 'delete'],
  notifications: ['insert', 'delete'],
  payment_reminder_settings: ['delete'],
};

/**
 * The writes a member may ask for but a rule refuses with its reason (SQLSTATE 42501 and a hint naming the
 * reason code) rather than RLS hiding the row: deleting a payment or an expense (owners and managers only,
 * docs/decisions/010-corrections.md). The tests count such a refusal as touching nothing.
 */
export const refusedWithReason: Record<string, readonly Action[]> = {
  payments: ['delete'],
  expenses: ['delete'],
};
