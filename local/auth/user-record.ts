// The auth.users and auth.identities rows as this service reads them (whole rows as JSON, so
// timestamps are Postgres's text with microseconds), and the rules that only need the row.
import type { Json } from './request.ts';

type Timestamp = string | null;

export interface IdentityRecord {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  email: string | null;
}

export interface UserRecord {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Timestamp;
  invited_at: Timestamp;
  confirmation_token: string | null;
  confirmation_sent_at: Timestamp;
  recovery_token: string | null;
  recovery_sent_at: Timestamp;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Timestamp;
  last_sign_in_at: Timestamp;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  phone: string | null;
  phone_confirmed_at: Timestamp;
  phone_change: string | null;
  phone_change_sent_at: Timestamp;
  confirmed_at: Timestamp;
  banned_until: Timestamp;
  reauthentication_sent_at: Timestamp;
  deleted_at: Timestamp;
  is_anonymous: boolean;
  identities: IdentityRecord[];
}

/** GoTrue's metadata merge: keys overwrite, a null value deletes the key. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged: Json = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function isBanned(user: UserRecord): boolean {
  return user.banned_until !== null && Date.parse(user.banned_until) > Date.now();
}

export function hasPassword(user: UserRecord): boolean {
  return Boolean(user.encrypted_password);
}
