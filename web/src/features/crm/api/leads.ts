// Leads of the current organization: the board's list (with those made on this device), the summary per
// stage, and the writes that save a lead and move it between stages.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiList } from '../../../lib/api-client.ts';
import { useListOnDevice } from '../../../lib/kept-search.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { uuidv7 } from '../../../lib/uuid.ts';
import { useOrganization } from '../../../lib/organization.tsx';
import { textMatches, usePendingRows } from '../../../lib/use-outbox.ts';
import type { LeadInput } from '../../../../../packages/shared/schemas/crm.ts';
import { type Lead, type Stage, type StageSummary, crmKeys } from './keys.ts';

export { useMembers } from '../../../lib/api/members.ts';

/** Every lead of a search, grouped by the board (a pipeline has hundreds of leads, not thousands). */
export const leadsQuery = (orgId: string, search: string) =>
  queryOptions({
    queryKey: crmKeys.leads(orgId, search),
    queryFn: () =>
      apiList<Lead>(`/api/leads?limit=500${search ? `&search=${encodeURIComponent(search)}` : ''}`, {
        orgId,
      }),
    placeholderData: keepPreviousData,
  });

const matching = (search: string) => (l: Lead) => textMatches(search, l.name, l.company);

export const useLeads = (search: string) => useQuery(leadsQuery(useOrganization().id, search));

/** Leads, with those made on this device on top (matching the search). */
export function useLeadList(search: string) {
  const orgId = useOrganization().id;
  return useListOnDevice(useLeads(search), {
    path: '/api/leads',
    orgId,
    search,
    matches: matching(search),
    pending: usePendingRows<Lead>('leads', orgId),
    firstPage: true,
  });
}

/** Per stage: how many leads and their value, counted by the database over every lead. */
export const leadSummaryQuery = (orgId: string) =>
  queryOptions({
    queryKey: crmKeys.summary(orgId),
    queryFn: () => apiFetch<StageSummary[]>('/api/leads/summary', { orgId }),
  });

export const useLeadSummary = () => useQuery(leadSummaryQuery(useOrganization().id));

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
