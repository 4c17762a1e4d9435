-- The report functions read as their owner, past row-level security: each one already starts by checking,
-- as the caller, that they are a member with a role allowed that report (private.assert_report_access,
-- through report_window), and every query in them is bound to that one organization. RLS added its
-- membership test to each of 100,000 rows a report adds up; the answers are the same without it.
alter function public.report_overview(uuid, integer) security definer;
alter function public.report_sales(uuid, integer, integer, integer) security definer;
alter function public.report_payments(uuid, integer, integer, integer) security definer;
alter function public.report_expenses(uuid, integer, integer, integer) security definer;
alter function public.report_inventory(uuid, integer, integer) security definer;
alter function public.report_timeseries(uuid, integer) security definer;
