-- The app's own mail (payment reminders, low-stock alerts, invitations to an organization) waits here until
-- the mail sender (the edge function, configured by SMTP_URL) sends it. Whatever decides that a mail is due
-- — a scheduled SQL run, a trigger, an /api route — only queues it, inside its own transaction: a mail is
-- queued exactly when the change that causes it commits, and never twice for the same reason (dedupe_key).
-- Auth's own mails (sign-up confirmation, password reset) do not pass through here: Auth sends them.
create table private.outgoing_mail (
  id bigint generated always as identity primary key,
  organization_id uuid references public.organizations (id) on delete cascade,
  -- What the mail says: 'payment_reminder', 'low_stock' (rows of one recipient that are unsent together
  -- go out as one digest), 'invitation'. The sender renders each kind from `data` in `locale`.
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  -- The reason this mail exists, unique for ever: 'payment_reminder:<invoice>:<step>',
  -- 'low_stock:<product>:<member>:<day>'. Queuing the same reason again does nothing.
  dedupe_key text not null unique check (char_length(dedupe_key) <= 200),
  to_address text not null check (char_length(to_address) between 3 and 320),
  locale text not null default 'en' check (locale in ('en', 'fr')),
  data jsonb not null default '{}'::jsonb check (octet_length(data::text) <= 65536),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
comment on table private.outgoing_mail is 'Mail the app sends itself (not Auth''s), queued with the change that causes it and sent by the edge function.';
create index outgoing_mail_unsent on private.outgoing_mail (created_at) where sent_at is null;
-- An organization's mails of a kind by age: the hourly budget of documents sent by e-mail counts them.
create index outgoing_mail_org_kind on private.outgoing_mail (organization_id, kind, created_at);

-- Queues one mail; false when a mail for the same reason was already queued (it is never sent twice).
create function private.queue_mail(
  p_organization_id uuid,
  p_kind text,
  p_dedupe_key text,
  p_to_address text,
  p_locale text,
  p_data jsonb
) returns boolean
language sql
security definer
set search_path = ''
as $$
  with added as (
    insert into private.outgoing_mail (organization_id, kind, dedupe_key, to_address, locale, data)
    values (p_organization_id, p_kind, p_dedupe_key, p_to_address,
            case when p_locale = 'fr' then 'fr' else 'en' end, coalesce(p_data, '{}'::jsonb))
    on conflict (dedupe_key) do nothing
    returning 1
  )
  select exists (select 1 from added);
$$;
-- Only the database's own functions (security definer) queue mail; no API role calls this directly.
revoke all on function private.queue_mail(uuid, text, text, text, text, jsonb) from public;
revoke all on table private.outgoing_mail from public, anon, authenticated;
grant select, update on table private.outgoing_mail to service_role;
