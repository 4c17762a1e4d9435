// The CRM's query keys, its stages in pipeline order, and a lead, a note and a stage's summary as the server
// answers them.

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

export const STAGES = ['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST'] as const;
export type Stage = (typeof STAGES)[number];

export interface Lead {
  id: string;
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
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

export interface StageSummary {
  stage: Stage;
  count: number;
  totals: { currency: string; amount: number }[];
}
