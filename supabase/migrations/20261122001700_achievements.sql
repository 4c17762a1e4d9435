-- Achievements: badges a user earns while getting the business set up, and the events that earn them.

create type public.achievement_type as enum ('ONBOARDING', 'BUSINESS', 'SOCIAL', 'MILESTONE', 'STREAK');

create table public.achievements (
  id uuid primary key default gen_random_uuid(),
  name varchar(255) not null unique,
  description text not null default '',
  icon varchar(100),
  type public.achievement_type not null,
  criteria jsonb not null default '{}'::jsonb,
  points integer not null default 10 check (points >= 0),
  rarity varchar(20) not null default 'common' check (rarity in ('common', 'uncommon', 'rare', 'epic', 'legendary')),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.achievements is 'Reference data: the badges there are to earn. criteria says which events earn them.';

create table public.user_achievements (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  achievement_id uuid not null references public.achievements (id) on delete cascade,
  progress integer not null default 0 check (progress >= 0),
  max_progress integer not null default 1 check (max_progress > 0),
  is_unlocked boolean not null default false,
  unlocked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, achievement_id)
);
create trigger user_achievements_touch before update on public.user_achievements
  for each row execute function private.touch_updated_at();
comment on table public.user_achievements is 'A user''s progress towards each achievement. Written by the server only.';

create table public.gamification_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  org_id uuid not null references public.organizations (id) on delete cascade,
  event_type varchar(100) not null,
  metadata jsonb not null default '{}'::jsonb check (octet_length(metadata::text) <= 16384),
  created_at timestamptz not null default now(),
  unique (org_id, id)
);
comment on table public.gamification_events is 'Things a user did that can count towards achievements (first product, first invoice...).';
create index gamification_events_user_idx on public.gamification_events (user_id, created_at desc);
create index gamification_events_org_idx on public.gamification_events (org_id, created_at desc);

alter table public.achievements enable row level security;
alter table public.achievements force row level security;
alter table public.user_achievements enable row level security;
alter table public.user_achievements force row level security;
alter table public.gamification_events enable row level security;
alter table public.gamification_events force row level security;

create policy "Signed-in users can read achievements" on public.achievements for select to authenticated
  using (is_active);
create policy "Users can read their own achievements" on public.user_achievements for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Users can read their own events" on public.gamification_events for select to authenticated
  using (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role()));
create policy "Members can record their own events" on public.gamification_events for insert to authenticated
  with check (user_id = (select auth.uid()) and org_id in (select private.org_ids_with_role()));

-- Badges are reference data and earned ones are awarded by the server (docs/decisions/006-who-writes-what.md).
revoke insert, update, delete on public.achievements, public.user_achievements from anon, authenticated;
