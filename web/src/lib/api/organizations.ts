// Organizations a person belongs to: creating one (the app's switcher, and the first one made for a member
// who has none). Reading and changing the current one is in Settings.
import type { OrganizationInput } from '@shared/schemas/accounts.ts';
import { apiFetch } from '../api-client.ts';

export const createOrganization = (input: OrganizationInput) =>
  apiFetch<{ id: string }>('/api/organizations', { body: input });
