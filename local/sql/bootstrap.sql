-- What a hosted Supabase database has before the project's first migration, for the local stack:
-- the API roles, the `extensions` and `auth` schemas, and the parts of GoTrue's `auth` schema the
-- app relies on. Modelled on supabase/postgres init-scripts and supabase/auth migrations (read, not
-- copied). Idempotent: it runs on every start of the local stack, as the superuser.

do $$
begin
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login createrole createdb replication bypassrls password 'postgres';
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin inherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin inherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin inherit bypassrls;
  end if;
  -- The API role: PostgREST logs in as it and switches to anon/authenticated/service_role per request.
  -- Neither superuser nor BYPASSRLS, so RLS always decides.
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
  -- The role GoTrue logs in as; it owns the auth schema's tables.
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole password 'postgres';
  end if;
end
$$;

-- On Supabase `postgres` is not a superuser. On a stock server whose superuser is called `postgres`
-- (`initdb -U postgres`, Debian's, a managed one) that role is the one connected here: it is left as it is
-- (a server's bootstrap superuser cannot drop the attribute, and the stack never alters the role it runs as).
do $$
begin
  if current_user <> 'postgres' then
    alter role postgres nosuperuser createrole createdb replication bypassrls;
  end if;
end
$$;
alter role authenticator nosuperuser nobypassrls noinherit;
grant anon, authenticated, service_role to authenticator;
-- With the admin option, as on a hosted project, where `postgres` (migrations, the SQL editor) may set
-- the API roles' own settings (`alter role authenticated set statement_timeout …`); Postgres 16+ asks
-- for it on top of CREATEROLE.
grant anon, authenticated, service_role to postgres with admin option;

-- A hosted project's defaults for the API roles, set once: this file runs on every start, and a
-- migration's own values (supabase/migrations/*_data_api_limits.sql) must survive the next start.
do $$
begin
  if not exists (select from pg_db_role_setting where setrole = 'anon'::regrole and setdatabase = 0) then
    alter role anon set statement_timeout = '3s';
  end if;
  if not exists (select from pg_db_role_setting where setrole = 'authenticated'::regrole and setdatabase = 0) then
    alter role authenticated set statement_timeout = '8s';
  end if;
end
$$;
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

do $$
begin
  execute format('grant create, connect, temporary on database %I to postgres', current_database());
  execute format('grant connect on database %I to authenticator, supabase_auth_admin', current_database());
end
$$;

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role, supabase_auth_admin;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

alter schema public owner to postgres;
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;

alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;

-- auth: owned by supabase_auth_admin, as GoTrue's migrations leave it.
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;

set role supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_idx on auth.users (instance_id);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default extensions.gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;

reset role;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to postgres, anon, authenticated, service_role;
grant all on all tables in schema auth to postgres;
grant select on all tables in schema auth to postgres with grant option;
grant all on all sequences in schema auth to postgres;
