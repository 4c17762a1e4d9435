// Registration: a person, their organization and its owner membership. When the project confirms emails, the
// server answers "confirmation required" instead, and the organization is created once the mail's link is
// followed (completeRegistration).
import type { RegisterInput } from '@shared/schemas/accounts.ts';
import { apiFetch, type StartedSession } from '@/lib/api-client.ts';

export type Registered =
  | { id: string; email: string; organization: { id: string; name: string }; session: StartedSession }
  | { email: string; confirmationRequired: true };

export const registerAccount = (input: RegisterInput) =>
  apiFetch<Registered>('/api/auth/register', { body: input });

/** After the confirmation link: creates the organization asked for at registration (409 when its name was taken). */
export const completeRegistration = () =>
  apiFetch<{ organization: { id: string; name: string } }>('/api/auth/register/complete', { body: {} });
