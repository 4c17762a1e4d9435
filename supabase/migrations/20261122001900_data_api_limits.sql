-- How long one Data API request may run or wait, per API role. PostgREST (hosted and local) applies a
-- role's own settings at the start of each request's transaction, so these hold on a hosted project
-- exactly as on the local stack, whatever client calls /rest/v1 — including /api, which calls it with
-- the person's own token.
--
-- A hosted project starts with anon 3 s and authenticated 8 s. Ours are sized to the product's slowest
-- honest statement instead: the CSV export reads a 10,000-row page of a report per call, about 0.3 s on
-- `npm run bench`'s large organization (bench/results.md: the whole export of 100,111 payments, ten such
-- pages read two at a time, 1.55 s); the overview report over 365 days is 80 ms (p95), the dashboard 42 ms. 5 s leaves more than ten
-- times that for a busy server, and cuts a hostile query (a select nested to multiply its size) at 5 s
-- instead of 8. anon only reads a shared invoice, an invitation and whether a business name is free: a
-- few milliseconds each, so 2 s.
alter role authenticated set statement_timeout = '5s';
alter role anon set statement_timeout = '2s';

-- Waiting for a row lock another transaction holds (two tills numbering invoices, a stock movement on
-- the same product) takes milliseconds in the normal flow. A transaction that holds a lock and stays
-- open (a function's own database connection, a console session) must not make every request that
-- touches that row wait out the whole statement timeout while holding a connection: 3 s, then 55P03.
alter role authenticated set lock_timeout = '3s';
alter role anon set lock_timeout = '1s';

-- A Data API request is one transaction that the API opens and closes itself; it is never idle inside
-- it for more than a moment. A session that assumes one of these roles and leaves a transaction open
-- (holding its locks) is ended after 10 s.
alter role authenticated set idle_in_transaction_session_timeout = '10s';
alter role anon set idle_in_transaction_session_timeout = '10s';

-- PostgREST reads role settings when its configuration is reloaded.
notify pgrst, 'reload config';

-- How many anonymous requests one address may make, per kind, in a window: the /api routes anyone can
-- call without an account (registration and its name check, a shared invoice or statement, an invitation's
-- preview) spend one each before they are served. The count lives here, not in the function's memory, so
-- it holds across every function instance, and each spend is its own committed call (a count written in a
-- refused request's transaction would be rolled back with it). The functions behind those routes are
-- callable by the service role only, so the Data API offers no way around the budget.
create table private.request_budgets (
  bucket text not null check (length(bucket) between 1 and 40),
  address text not null check (length(address) between 1 and 100),
  window_start timestamptz not null,
  hits integer not null check (hits > 0),
  primary key (bucket, address, window_start)
);
create index request_budgets_window_start_idx on private.request_budgets (window_start);
comment on table private.request_budgets is
  'Anonymous requests per kind, address and fixed window (public.take_request_budget); kept one day.';

create function public.take_request_budget(
  p_bucket text, p_address text, p_limit integer, p_window_seconds integer
) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_start timestamptz :=
    to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  if p_limit < 1 or p_window_seconds < 1 then
    -- Not a refusal anyone meets: /api, the only caller (service role), passes its own constants; a raw
    -- error for whoever writes a wrong one.
    raise exception 'A budget needs a limit and a window of at least 1' using errcode = '22023';
  end if;
  insert into private.request_budgets as b (bucket, address, window_start, hits)
  values (p_bucket, left(coalesce(nullif(p_address, ''), 'unknown'), 100), v_start, 1)
  on conflict (bucket, address, window_start) do update set hits = b.hits + 1
  returning hits into v_hits;
  -- Now and then, windows older than a day go (a few rows per address that called).
  if random() < 0.01 then
    delete from private.request_budgets where window_start < now() - interval '1 day';
  end if;
  if v_hits <= p_limit then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from v_start + make_interval(secs => p_window_seconds) - now())))::integer;
end
$$;
comment on function public.take_request_budget(text, text, integer, integer) is
  'Spends one request of an address''s budget for a kind (service role, /api): 0 when it may be served, '
  'else the seconds until its window ends (the 429''s Retry-After).';
revoke execute on function public.take_request_budget(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_request_budget(text, text, integer, integer) to service_role;
