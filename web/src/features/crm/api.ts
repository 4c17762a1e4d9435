// Leads of the current organization: the pipeline by stage, search by name or company, lead notes, and the
// writes (through the outbox) that create, edit or move a lead.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, apiList } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { uuidv7 } from '../../lib/uuid.ts';
import { useOrganization } from '../../lib/organization.tsx';
import { mergePending, textMatches, usePendingRows } from '../../lib/use-outbox.ts';
import type { LeadInput } from '../../../../packages/shared/schemas/crm.ts';

export { useMembers } from '../../lib/api/members.ts';

/** The CRM queries' keys: the list's path first (what a write refreshes), then the organization. */
export const crmKeys = {
  leads: (orgId: string, search: string) => ['/api/leads', orgId, { search }],
  summary: (orgId: string) => ['/api/leads', orgId, 'summary'],
  notes: (orgId: string, leadId: string) => ['/api/leads', orgId, leadId, 'notes'],
};

export const STAGES = ['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST'] as const;
export type Stage = (typeof STAGES)[number];

export interface Lead {
  id: string;
  name: string;
  company: string | null;
  value: number | null;
  stage: Stage;
  closeDate: string | null;
  owner: { id: string; firstName: string; lastName: string } | null;
  updatedAt: string;
}

export interface LeadNote {
  id: string;
  note: string;
  createdAt: string;
  author: { firstName: string; lastName: string } | null;
}

/** Every lead of a search, grouped by the board (a pipeline has hundreds of leads, not thousands). */
export function useLeads(search: string) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: crmKeys.leads(orgId, search),
    queryFn: () =>
      apiList<Lead>(`/api/leads?limit=500${search ? `&search=${encodeURIComponent(search)}` : ''}`, {
        orgId,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Leads, with those made on this device on top (matching the search). */
export function useLeadList(search: string) {
  const query = useLeads(search);
  const pending = usePendingRows<Lead>('leads', useOrganization().id);
  const rows = mergePending(query.data?.rows, pending, {
    firstPage: true,
    matches: (l) => textMatches(search, l.name, l.company),
  });
  return { query, rows };
}

export interface StageSummary {
  stage: Stage;
  count: number;
  totals: { currency: string; amount: number }[];
}

/** Per stage: how many leads and their value, counted by the database over every lead. */
export function useLeadSummary() {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: crmKeys.summary(orgId),
    queryFn: () => apiFetch<StageSummary[]>('/api/leads/summary', { orgId }),
  });
}

export function useLeadNotes(leadId: string) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: crmKeys.notes(orgId, leadId),
    queryFn: () => apiList<LeadNote>(`/api/leads/${leadId}/notes`, { orgId }),
  });
}

export const useSaveLead = () =>
  useWrite<{ id?: string; input: LeadInput; rowId?: string; replaces?: string }, Lead>(
    ({ id, input, rowId, replaces }) =>
      id
        ? { method: 'PUT', path: `/api/leads/${id}`, body: input, label: input.name }
        : { ...newLead(input, rowId), replaces },
    ['/api/leads'],
  );

// A new lead gets its id on the device and is shown on the board, marked pending, until the server has it.
function newLead(input: LeadInput, id = uuidv7()) {
  const body = { ...input, id };
  const row: Lead = {
    id: body.id,
    name: input.name,
    company: input.company ?? null,
    value: input.value ?? null,
    stage: input.stage ?? 'PROSPECT',
    closeDate: input.closeDate ?? null,
    owner: null,
    updatedAt: new Date().toISOString(),
  };
  return {
    method: 'POST' as const,
    path: '/api/leads',
    body,
    label: input.name,
    creates: { store: 'leads' as const, row: { ...row } },
  };
}

export const useMoveLead = () =>
  useWrite<{ lead: Lead; stage: Stage }, Lead>(
    ({ lead, stage }) => ({
      method: 'PUT',
      path: `/api/leads/${lead.id}`,
      body: { stage },
      label: lead.name,
    }),
    ['/api/leads'],
  );

export const useAddNote = () =>
  useWrite<{ leadId: string; note: string }, LeadNote>(
    ({ leadId, note }) => ({ method: 'POST', path: `/api/leads/${leadId}/notes`, body: { note } }),
    ['/api/leads'],
  );
