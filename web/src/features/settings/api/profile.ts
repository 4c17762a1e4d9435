// The signed-in person's profile.
import type { ProfileInput } from '@shared/schemas/accounts.ts';
import { apiFetch } from '@/lib/api-client.ts';

export const saveProfile = (input: ProfileInput) => apiFetch('/api/profile', { method: 'PUT', body: input });
