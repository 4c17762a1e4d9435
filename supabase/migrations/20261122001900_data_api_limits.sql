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
