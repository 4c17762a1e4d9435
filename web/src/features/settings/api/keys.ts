// Settings' query keys and the shapes the server answers for the organization, its plan and its activity log.
import type { OrganizationInput } from '@shared/schemas/accounts.ts';

export interface AuditEntry {
  id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  entity: string;
  fields: string[];
  actor: string | null;
  createdAt: string;
}

export interface AuditFilters {
  entity: string;
  actor: string;
  from: string;
  to: string;
}

export interface Plan {
  plan: 'STARTER' | 'GROWTH' | 'BUSINESS';
  status: 'ACTIVE' | 'TRIAL' | 'SUSPENDED' | 'EXPIRED';
  startsAt: string | null;
  endsAt: string | null;
  trialEndsAt: string | null;
  limits: Record<PlanLimit, number | null>;
  usage: Record<PlanLimit, number>;
}
export type PlanLimit = 'members' | 'invoicesPerMonth' | 'products';

export const settingsKeys = {
  organization: (orgId: string) => ['/api/organizations', orgId] as const,
  plan: (orgId: string) => ['/api/organizations', orgId, 'plan'] as const,
  reminders: (orgId: string) => ['/api/organizations/payment-reminders', orgId] as const,
  audit: (orgId: string, offset: number, filters: AuditFilters) =>
    ['/api/audit', orgId, offset, filters] as const,
};

export type OrganizationDetails = OrganizationInput & { id: string };
