// Registration: a person, their organization and its owner membership, made by the server in one step.
import type { RegisterInput } from '../../../../../packages/shared/schemas/accounts.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const registerAccount = (input: RegisterInput) => apiFetch('/api/auth/register', { body: input });
