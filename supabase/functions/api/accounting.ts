// /api/expenses: the list read through RLS (the roles with expense.read; SALES has no access to expenses),
// each expense recorded, edited or reversed once by record_expense, update_expense and reverse_expense (the
// Idempotency-Key header is the outbox's id; docs/decisions/010-corrections.md).
import { z } from 'zod';
import {
  type AccountingSummary,
  EXPENSE_CATEGORIES,
  ExpenseInputSchema,
} from '@shared/schemas/accounting.ts';
import type { Permission } from '@shared/permissions.ts';
import { ReversalInputSchema } from '@shared/schemas/sales.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { type Db, ok, orgRequest, Paging, query, withTotal } from './request.ts';

type ExpenseRow = {
  id: string;
  vendor: string;
  category: string;
  amount: number | string;
  currency: string;
  paid_at: string;
  note: string | null;
};
type ReversalRow = { id: string; reason: string; reversed_at: string; created_by: string | null };
const toReversal = (r: ReversalRow) => ({
  id: r.id,
  reason: r.reason,
  reversedAt: r.reversed_at,
  createdBy: r.created_by,
});
const toExpense = (e: ExpenseRow, reversal: ReversalRow | null = null) => ({
  id: e.id,
  vendor: e.vendor,
  category: e.category,
  amount: Number(e.amount),
  currency: e.currency,
  paidAt: e.paid_at,
  note: e.note,
  /** Set once the expense is reversed: it stays listed, and no longer counts in the totals. */
  reversal: reversal ? toReversal(reversal) : null,
});

const ListQuery = Paging.extend({ category: z.enum(EXPENSE_CATEGORIES).optional() });
/** Characters that would change the meaning of a PostgREST filter are searched as spaces. */
const searchTerm = (s: string) => s.replace(/[%_,()*\\:."]/g, ' ').trim();

async function assertCanSeeExpenses(db: Db, orgId: string) {
  const { data } = ok(
    await db.rpc('can', { p_org_id: orgId, p_permission: 'expense.read' satisfies Permission }),
  );
  if (!data)
    throw new AppError('FORBIDDEN', 'Only owners, managers and accountants can see expenses', undefined, {
      reason: 'EXPENSES_FORBIDDEN',
    });
}

/** Newest first; search by vendor or note, filter by category; x-total-count has the whole count. */
export async function listExpenses(req: Request): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const q = query(req, ListQuery);
  let rows = db
    .from('expenses')
    .select('id, vendor, category, amount, currency, paid_at, note', { count: 'exact' })
    .eq('org_id', orgId);
  if (q.category) rows = rows.eq('category', q.category);
  const term = q.search ? searchTerm(q.search) : '';
  if (term) rows = rows.or(`vendor.ilike.*${term}*,note.ilike.*${term}*`);
  const [, listed] = await Promise.all([
    assertCanSeeExpenses(db, orgId),
    rows
      .order('paid_at', { ascending: false })
      .order('id', { ascending: false })
      .range(q.offset, q.offset + q.limit - 1),
  ]);
  const { data, count } = ok(listed);
  const reversals = new Map<string, ReversalRow>();
  if (data.length) {
    const found = ok(
      await db
        .from('expense_reversals')
        .select('id, expense_id, reason, reversed_at, created_by')
        .eq('org_id', orgId)
        .in(
          'expense_id',
          data.map((e) => e.id),
        ),
    );
    for (const r of found.data) reversals.set(r.expense_id, r);
  }
  return withTotal(
    data.map((e) => toExpense(e, reversals.get(e.id) ?? null)),
    count ?? data.length,
  );
}

export async function recordExpense(req: Request): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: ExpenseInputSchema });
  const recorded = (await write('record_expense', { p_input: body })) as ExpenseRow;
  return Response.json(toExpense(recorded), { status: 201 });
}

/** PUT /api/expenses/:id: vendor, category, amount, paidAt, note changed (not the currency), applied once. */
export async function updateExpense(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: ExpenseInputSchema });
  const { id: _id, currency: _currency, ...expense } = body;
  const updated = (await write('update_expense', { p_expense_id: id, p_input: expense })) as ExpenseRow;
  return Response.json(toExpense(updated));
}

/** POST /api/expenses/:id/reverse { reason }: the expense taken back (a counter-entry), applied once. */
export async function reverseExpense(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { body, write } = await orgRequest(req, { body: ReversalInputSchema });
  const r = (await write('reverse_expense', { p_expense_id: id, p_reason: body.reason })) as ReversalRow & {
    expense_id: string;
    amount: number;
    currency: string;
  };
  return Response.json(
    { ...toReversal(r), expenseId: r.expense_id, amount: Number(r.amount), currency: r.currency },
    { status: 201 },
  );
}

/** GET /api/accounting/summary: the revenue (invoiced), payments and expenses cards, computed in the database. */
export async function getAccountingSummary(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  const summary = (await call('accounting_summary')) as unknown as AccountingSummary;
  const money = (list: AccountingSummary['payments']['totals']) =>
    list.map((m) => ({ currency: m.currency, amount: Number(m.amount) }));
  const numbers = (part: AccountingSummary['payments']) => ({
    count: Number(part.count),
    reversed: Number(part.reversed ?? 0),
    totals: money(part.totals),
  });
  return Response.json({
    currency: summary.currency,
    invoiced: {
      count: Number(summary.invoiced.count),
      totals: money(summary.invoiced.totals),
      outstanding: money(summary.invoiced.outstanding),
    },
    payments: numbers(summary.payments),
    expenses: numbers(summary.expenses),
  } satisfies AccountingSummary);
}
