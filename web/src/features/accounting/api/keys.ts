// Accounting's query keys, an expense as the server answers it, and the page size.
import type { ExpenseCategory } from '@shared/schemas/accounting.ts';
import { PAGE_SIZE } from '@/lib/api/paging.ts';

/** The accounting queries' keys: the list's path first (what a write refreshes), then the organization. */
export const accountingKeys = {
  summary: (orgId: string) => ['/api/accounting/summary', orgId],
  expenses: (orgId: string, search: string, offset: number) => ['/api/expenses', orgId, { search, offset }],
};

export interface Expense {
  id: string;
  vendor: string;
  category: ExpenseCategory;
  amount: number;
  currency: string;
  paidAt: string;
  note: string | null;
  /** Set once it is reversed: it stays listed, marked, and no longer counts (docs/decisions/010-corrections.md). */
  reversal?: { id: string; reason: string; reversedAt: string; createdBy: string | null } | null;
}

export { PAGE_SIZE };
