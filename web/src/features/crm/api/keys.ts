// The CRM's query keys (the stages are LEAD_STAGES of @shared/schemas/values.ts, and what the server answers
// is declared in @shared/api/leads.ts).

/** The CRM queries' keys: the list's path first (what a write refreshes), then the organization. */
export const crmKeys = {
  leads: (orgId: string, search: string, stage: string, limit: number) => [
    '/api/leads',
    orgId,
    { search, stage, limit },
  ],
  lead: (orgId: string, id: string) => ['/api/leads', orgId, 'lead', id],
  summary: (orgId: string) => ['/api/leads', orgId, 'summary'],
  notes: (orgId: string, leadId: string) => ['/api/leads', orgId, leadId, 'notes'],
};
