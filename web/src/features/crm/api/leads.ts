// Leads of the current organization: the board's list (with those made on this device), the summary per
// stage, and the writes that save a lead and move it between stages.
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch, apiList } from '@/lib/api-client.ts';
import { useOnline } from '@/lib/connection.ts';
import { phoneDigitsMatch } from '@shared/phone.ts';
import { listOnDevice } from '@/lib/kept-search.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { textMatches, usePendingRows } from '@/lib/use-outbox.ts';
import type { LeadInput } from '@shared/schemas/crm.ts';
import type { Lead, LeadSummary } from '@shared/api/leads.ts';
import { LEAD_STAGES, type LeadStage } from '@shared/schemas/values.ts';
import { crmKeys } from './keys.ts';

export { useMembers } from '@/lib/api/members.ts';

/** How many leads a column of the board shows first, and how many more each "Show more" adds. */
export const COLUMN_PAGE = 25;

/** A column of the board: a stage's first `limit` leads of a search, most valuable first. */
export const leadsQuery = (orgId: string, search: string, stage: LeadStage, limit = COLUMN_PAGE) =>
  queryOptions({
    queryKey: crmKeys.leads(orgId, search, stage, limit),
    queryFn: () =>
      apiList<Lead>(
        `/api/leads?stage=${stage}&limit=${limit}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
        { orgId },
      ),
    placeholderData: keepPreviousData,
  });

/** As the server searches: name, company, phone or e-mail, and a phone number by its digits. */
const matching = (search: string, stage: LeadStage) => (l: Lead) =>
  l.stage === stage &&
  (textMatches(search, l.name, l.company, l.phone, l.email) || phoneDigitsMatch(search, l.phone));

/**
 * The board: each stage's column (its first leads, with those made on this device on top when they match the
 * search), read in parallel, one answer per column; `limits` is how many each column shows.
 */
export function useBoard(search: string, limits: Record<LeadStage, number>) {
  const orgId = useOrganization().id;
  const online = useOnline();
  const pending = usePendingRows<Lead>('leads', orgId);
  const columns = useQueries({ queries: LEAD_STAGES.map((s) => leadsQuery(orgId, search, s, limits[s])) });
  return LEAD_STAGES.map((stage, i) => ({
    stage,
    ...listOnDevice(
      columns[i]!,
      { path: '/api/leads', orgId, search, matches: matching(search, stage), pending, firstPage: true },
      online,
    ),
  }));
}

/** One lead (a notification's link opens it, wherever it is on the board). */
export const useLead = (id: string | null) => {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: crmKeys.lead(orgId, id ?? ''),
    queryFn: () => apiFetch<Lead>(`/api/leads/${id}`, { orgId }),
    enabled: !!id,
  });
};

/** Per stage: how many leads and their value, counted by the database over every lead. */
export const leadSummaryQuery = (orgId: string) =>
  queryOptions({
    queryKey: crmKeys.summary(orgId),
    queryFn: () => apiFetch<LeadSummary>('/api/leads/summary', { orgId }),
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
  const now = new Date().toISOString();
  const row: Lead = {
    id: body.id,
    name: input.name,
    company: input.company ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    value: input.value ?? null,
    stage: input.stage ?? 'PROSPECT',
    closeDate: input.closeDate ?? null,
    owner: null,
    createdAt: now,
    updatedAt: now,
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
  useWrite<{ lead: Lead; stage: LeadStage }, Lead>(
    ({ lead, stage }) => ({
      method: 'PUT',
      path: `/api/leads/${lead.id}`,
      body: { stage },
      label: lead.name,
    }),
    ['/api/leads'],
  );
