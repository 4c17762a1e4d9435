// A customer's statement for a period (GET /api/customers/:id/statement), its public link (made, revoked)
// and the statement behind a link (/s/:token).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { Seller } from '@/lib/api/business-profile.ts';

export interface StatementEntry {
  at: string;
  kind: 'INVOICE' | 'PAYMENT' | 'REVERSAL' | 'CREDIT_NOTE' | 'REFUND';
  reference: string;
  invoiceNumber: string;
  debit: number;
  credit: number;
  balance: number;
}

export interface Statement {
  customer: { name: string; email: string | null; phone: string | null };
  seller: Seller;
  from: string;
  to: string;
  timezone: string;
  accounts: {
    currency: string;
    opening: number;
    /** The invoices issued in the period. */
    invoiced: number;
    /** The credit notes made in the period. */
    credited: number;
    /** The payments received in the period, less those reversed in it. */
    paid: number;
    /** The refunds given in the period. */
    refunded: number;
    closing: number;
    entries: StatementEntry[];
  }[];
}

export interface Period {
  from: string;
  to: string;
}

export function useStatement(customerId: string, period: Period) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: ['/api/customers/statement', orgId, customerId, period],
    queryFn: () =>
      apiFetch<Statement>(
        `/api/customers/${customerId}/statement?${new URLSearchParams({ ...period }).toString()}`,
        { orgId },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useShareStatement(customerId: string) {
  const orgId = useOrganization().id;
  return {
    share: useMutation({
      mutationFn: (period: Period) =>
        apiFetch<{ path: string }>(`/api/customers/${customerId}/statement/share`, { orgId, body: period }),
    }),
    revoke: useMutation({
      mutationFn: () => apiFetch(`/api/customers/${customerId}/statement/share`, { orgId, method: 'DELETE' }),
    }),
  };
}

export const usePublicStatement = (token: string) =>
  useQuery({
    queryKey: ['/api/public/statements', token],
    queryFn: () => apiFetch<Statement>(`/api/public/statements/${encodeURIComponent(token)}`),
  });
