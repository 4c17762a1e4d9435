// A lead's notes: the list and the write that adds one.
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client.ts';
import { useWrite } from '@/lib/use-write.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { LeadNoteEntry } from '@shared/api/leads.ts';
import { crmKeys } from './keys.ts';

export function useLeadNotes(leadId: string) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: crmKeys.notes(orgId, leadId),
    queryFn: () => apiList<LeadNoteEntry>(`/api/leads/${leadId}/notes`, { orgId }),
  });
}

export const useAddNote = () =>
  useWrite<{ leadId: string; note: string }, LeadNoteEntry>(
    ({ leadId, note }) => ({ method: 'POST', path: `/api/leads/${leadId}/notes`, body: { note } }),
    ['/api/leads'],
  );
