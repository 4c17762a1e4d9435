// Expenses of the current organization: the list (with those recorded on this device on top) and the writes
// that record, edit and reverse one.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseInput } from '@shared/schemas/accounting.ts';
import { apiList } from '@/lib/api-client.ts';
import { textMatches, useOutboxEntries } from '@/lib/use-outbox.ts';
import { useListOnDevice } from '@/lib/kept-search.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { type Expense, PAGE_SIZE, accountingKeys } from './keys.ts';

export const expensesQuery = (orgId: string, search: string, offset: number) => {
  const q = new URLSearchParams({ offset: String(offset), limit: String(PAGE_SIZE) });
  if (search) q.set('search', search);
  return queryOptions({
    queryKey: accountingKeys.expenses(orgId, search, offset),
    queryFn: () => apiList<Expense>(`/api/expenses?${q.toString()}`, { orgId }),
    placeholderData: keepPreviousData,
  });
};

const matching = (search: string) => (e: Expense) => textMatches(search, e.vendor, e.category, e.note);

export const useExpenses = (search: string, offset: number, enabled = true) =>
  useQuery({ ...expensesQuery(useOrganization().id, search, offset), enabled });

export const useRecordExpense = () =>
  useWrite<ExpenseInput, Expense>(
    (input) => ({
      method: 'POST',
      path: '/api/expenses',
      body: { ...input, id: input.id ?? uuidv7() },
      label: input.vendor,
    }),
    ['/api/expenses'],
  );

/** Edits an expense (vendor, category, amount, date, note; not its currency), through the outbox. */
export const useUpdateExpense = () =>
  useWrite<{ id: string; input: ExpenseInput }, Expense>(
    ({ id, input }) => ({ method: 'PUT', path: `/api/expenses/${id}`, body: input, label: input.vendor }),
    ['/api/expenses'],
  );

/** Takes an expense back with a reason: it stays listed, marked reversed, and no longer counts. */
export const useReverseExpense = () =>
  useWrite<{ id: string; reason: string; label: string }, { id: string }>(
    ({ id, reason, label }) => ({
      method: 'POST',
      path: `/api/expenses/${id}/reverse`,
      body: { reason },
      label,
    }),
    ['/api/expenses'],
  );

/** Expenses recorded on this device that the server does not have yet (shown on top of the list). */
export function usePendingExpenses(): (Expense & { pending: true })[] {
  const org = useOrganization();
  return useOutboxEntries()
    .filter((e) => e.orgId === org.id && e.method === 'POST' && e.path === '/api/expenses')
    .map((e) => {
      const body = e.body as ExpenseInput & { id: string };
      return {
        id: body.id,
        vendor: body.vendor,
        category: body.category,
        amount: Number(body.amount),
        currency: body.currency ?? org.currency,
        paidAt: body.paidAt ?? e.createdAt,
        note: body.note ?? null,
        pending: true as const,
      };
    })
    .reverse();
}

/** Expenses, with those recorded on this device on top (on the first page, matching the search). */
export function useExpenseList(search: string, offset: number) {
  return useListOnDevice(useExpenses(search, offset), {
    path: '/api/expenses',
    orgId: useOrganization().id,
    search,
    matches: matching(search),
    pending: usePendingExpenses(),
    firstPage: offset === 0,
  });
}
