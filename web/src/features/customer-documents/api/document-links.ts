// A credit note's public link (made, revoked, read by whoever has it) and any document sent to the customer
// by e-mail (POST /api/document-mails: online only, its own id so a repeated press sends it once).
import type { ShareLink } from '@shared/api/links.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentMailInput } from '@shared/schemas/document-mail.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { invoiceKeys } from '@/features/invoices/api/keys.ts';

export function useShareCreditNote() {
  const orgId = useOrganization().id;
  const queryClient = useQueryClient();
  // The invoice's page says whether its credit notes have a live link.
  const refresh = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.list(orgId) });
  return {
    share: useMutation({
      mutationFn: (id: string) =>
        apiFetch<ShareLink>(`/api/credit-notes/${id}/share`, { method: 'POST', orgId }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiFetch(`/api/credit-notes/${id}/share`, { method: 'DELETE', orgId }),
      onSuccess: refresh,
    }),
  };
}

/** A credit note shared by its link, for anyone who has the link (no organization, no session). */
export const usePublicCreditNote = <T>(token: string) =>
  useQuery({
    queryKey: ['/api/public/credit-notes', token],
    queryFn: () => apiFetch<T>(`/api/public/credit-notes/${encodeURIComponent(token)}`),
  });

export function useSendDocumentMail() {
  const orgId = useOrganization().id;
  return useMutation({
    mutationFn: ({ key, ...input }: DocumentMailInput & { key: string }) =>
      apiFetch<{ queued: boolean; to: string }>('/api/document-mails', {
        orgId,
        body: input,
        idempotencyKey: key,
      }),
  });
}
