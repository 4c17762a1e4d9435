-- Documents: files an organization keeps (contracts, receipts, statements), in categories, with versions
-- and shares. Files themselves live in Storage under file_path.

create type public.document_type as enum (
  'INVOICE', 'RECEIPT', 'CONTRACT', 'AGREEMENT', 'REPORT', 'TAX_DOCUMENT', 'BANK_STATEMENT', 'PURCHASE_ORDER',
  'QUOTE', 'OTHER'
);
create type public.document_status as enum ('DRAFT', 'ACTIVE', 'ARCHIVED', 'EXPIRED');
create type public.share_permission as enum ('READ', 'EDIT');

create table public.document_categories (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  name varchar(255) not null check (btrim(name) <> ''),
  description text check (char_length(description) <= 5000),
  color varchar(7) not null default '#3b82f6' check (color ~ '^#[0-9a-fA-F]{6}$'),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, name)
);
comment on table public.document_categories is 'Folders for documents, with a display colour.';

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  category_id uuid,
  uploaded_by uuid references auth.users (id) on delete set null,
  name varchar(255) not null check (btrim(name) <> ''),
  description text check (char_length(description) <= 5000),
  type public.document_type not null default 'OTHER',
  status public.document_status not null default 'ACTIVE',
  file_name varchar(255) not null,
  file_path text not null check (char_length(file_path) <= 1024),
  file_size bigint not null check (file_size >= 0),
  mime_type varchar(255),
  checksum varchar(128),
  tags text[] not null default '{}' check (cardinality(tags) <= 50 and octet_length(array_to_string(tags, ',')) <= 2000),
  metadata jsonb not null default '{}'::jsonb check (octet_length(metadata::text) <= 65536),
  related_entity_type varchar(50),
  related_entity_id uuid,
  document_date date,
  expiry_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (org_id, id),
  foreign key (org_id, category_id) references public.document_categories (org_id, id) on delete set null (category_id)
);
comment on table public.documents is 'A stored file and what it is about.';
comment on column public.documents.related_entity_type is 'Table of the row the document belongs to (e.g. invoices), with related_entity_id.';
create index documents_org_created_idx on public.documents (org_id, created_at desc);
create index documents_related_idx on public.documents (org_id, related_entity_type, related_entity_id);

create table public.document_versions (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  document_id uuid not null,
  version_number integer not null check (version_number > 0),
  file_name varchar(255) not null,
  file_path text not null check (char_length(file_path) <= 1024),
  file_size bigint not null check (file_size >= 0),
  uploaded_by uuid references auth.users (id) on delete set null,
  change_note text check (char_length(change_note) <= 2000),
  created_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, document_id, version_number),
  foreign key (org_id, document_id) references public.documents (org_id, id) on delete cascade
);
comment on table public.document_versions is 'Earlier files of a document.';

create table public.document_shares (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references public.organizations (id) on delete cascade,
  document_id uuid not null,
  shared_by uuid references auth.users (id) on delete set null,
  shared_with uuid not null,
  permission public.share_permission not null default 'READ',
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, id),
  unique (org_id, document_id, shared_with),
  foreign key (org_id, document_id) references public.documents (org_id, id) on delete cascade,
  foreign key (org_id, shared_with) references public.memberships (org_id, user_id) on delete cascade
);
comment on table public.document_shares is 'A document shared with another member of the same organization.';

create trigger document_categories_touch before update on public.document_categories
  for each row execute function private.touch_updated_at();
create trigger documents_touch before update on public.documents
  for each row execute function private.touch_updated_at();

alter table public.document_categories enable row level security;
alter table public.document_categories force row level security;
alter table public.documents enable row level security;
alter table public.documents force row level security;
alter table public.document_versions enable row level security;
alter table public.document_versions force row level security;
alter table public.document_shares enable row level security;
alter table public.document_shares force row level security;

-- Every member reads; document.manage (OWNER, MANAGER and ACCOUNTANT) deletes; documentCategory.edit adds
-- and changes categories.
create policy "Members can read document categories" on public.document_categories for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can delete document categories" on public.document_categories for delete to authenticated
  using (org_id in (select private.org_ids_that_can('document.manage')));

create policy "Members can read documents" on public.documents for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can delete documents" on public.documents for delete to authenticated
  using (org_id in (select private.org_ids_that_can('document.manage')));

create policy "Members can read document versions" on public.document_versions for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can delete document versions" on public.document_versions for delete to authenticated
  using (org_id in (select private.org_ids_that_can('document.manage')));

create policy "Members can read document shares" on public.document_shares for select to authenticated
  using (org_id in (select private.org_ids_with_role()));
create policy "Owners, managers and accountants can delete document shares" on public.document_shares for delete to authenticated
  using (org_id in (select private.org_ids_that_can('document.manage')));
create policy "Owners and managers can add categories" on public.document_categories for insert to authenticated
  with check (org_id in (select private.org_ids_that_can('documentCategory.edit')));
create policy "Owners and managers can edit categories" on public.document_categories for update to authenticated
  using (org_id in (select private.org_ids_that_can('documentCategory.edit')))
  with check (org_id in (select private.org_ids_that_can('documentCategory.edit')));

create policy "Members can upload documents as themselves" on public.documents for insert to authenticated
  with check (org_id in (select private.org_ids_with_role()) and uploaded_by = (select auth.uid()));
create policy "Uploaders, owners, managers and accountants can edit documents" on public.documents for update to authenticated
  using (
    (uploaded_by = (select auth.uid()) and org_id in (select private.org_ids_with_role()))
    or org_id in (select private.org_ids_that_can('document.manage'))
  )
  with check (org_id in (select private.org_ids_with_role()));

create policy "Members can add versions as themselves" on public.document_versions for insert to authenticated
  with check (org_id in (select private.org_ids_with_role()) and uploaded_by = (select auth.uid()));

create policy "Members can share documents as themselves" on public.document_shares for insert to authenticated
  with check (org_id in (select private.org_ids_with_role()) and shared_by = (select auth.uid()));
create policy "Sharers can change their shares" on public.document_shares for update to authenticated
  using (shared_by = (select auth.uid()) and org_id in (select private.org_ids_with_role()))
  with check (shared_by = (select auth.uid()));
