// The User and Identity objects as GoTrue serializes them: fields in its struct order, optional ones
// omitted when empty, `email`/`phone` always strings, maps with sorted keys (Go's encoding/json), and
// timestamps in Go's RFC 3339 form with the microseconds Postgres keeps.
import type { Json } from './request.ts';
import type { IdentityRecord, UserRecord } from './user-record.ts';

type Out = Record<string, unknown>;

/** Postgres's JSON timestamp ("2026-01-02T03:04:05.123456+00:00") as Go prints it, in UTC. */
export function goTime(value: string): string {
  const m = /^(.+T\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d(?::\d\d)?)?$/.exec(value);
  if (!m) return value;
  const [, base, fraction = '', zone = 'Z'] = m;
  // Offsets are whole minutes, so the fraction is the same in UTC; Date only carries milliseconds.
  const seconds = new Date(`${base}${zone.length === 3 ? `${zone}:00` : zone}`).toISOString().slice(0, 19);
  const digits = fraction.slice(1).replace(/0+$/, '');
  return `${seconds}${digits ? `.${digits}` : ''}Z`;
}

/** A copy with object keys in byte order at every depth, as Go writes a map. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Out = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Out)[key]);
  return sorted;
}

/** Sets `key` only when the value is present, like Go's `omitempty`. */
function putOptional(out: Out, key: string, value: string | null | undefined, asTime = true): void {
  if (value) out[key] = asTime ? goTime(value) : value;
}

const time = (value: string | null) => (value ? goTime(value) : null);

export function identityJson(identity: IdentityRecord): Out {
  const out: Out = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: sortKeys(identity.identity_data),
    provider: identity.provider,
  };
  putOptional(out, 'last_sign_in_at', identity.last_sign_in_at);
  out.created_at = time(identity.created_at);
  out.updated_at = time(identity.updated_at);
  putOptional(out, 'email', identity.email, false);
  return out;
}

export function userJson(user: UserRecord): Out {
  const out: Out = { id: user.id, aud: user.aud ?? '', role: user.role ?? '', email: user.email ?? '' };
  putOptional(out, 'email_confirmed_at', user.email_confirmed_at);
  putOptional(out, 'invited_at', user.invited_at);
  out.phone = user.phone ?? '';
  putOptional(out, 'phone_confirmed_at', user.phone_confirmed_at);
  putOptional(out, 'confirmation_sent_at', user.confirmation_sent_at);
  putOptional(out, 'confirmed_at', user.confirmed_at);
  putOptional(out, 'recovery_sent_at', user.recovery_sent_at);
  putOptional(out, 'new_email', user.email_change, false);
  putOptional(out, 'email_change_sent_at', user.email_change_sent_at);
  putOptional(out, 'new_phone', user.phone_change, false);
  putOptional(out, 'phone_change_sent_at', user.phone_change_sent_at);
  putOptional(out, 'reauthentication_sent_at', user.reauthentication_sent_at);
  putOptional(out, 'last_sign_in_at', user.last_sign_in_at);
  out.app_metadata = sortKeys(user.raw_app_meta_data ?? {});
  out.user_metadata = sortKeys(user.raw_user_meta_data ?? {});
  out.identities = user.identities.map(identityJson);
  out.created_at = time(user.created_at);
  out.updated_at = time(user.updated_at);
  putOptional(out, 'banned_until', user.banned_until);
  putOptional(out, 'deleted_at', user.deleted_at);
  out.is_anonymous = user.is_anonymous;
  return out;
}

/** The claims GoTrue copies from the user into every access token. */
export function userClaims(user: UserRecord): { app_metadata: Json; user_metadata: Json } {
  return {
    app_metadata: sortKeys(user.raw_app_meta_data ?? {}) as Json,
    user_metadata: sortKeys(user.raw_user_meta_data ?? {}) as Json,
  };
}
