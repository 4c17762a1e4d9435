// The demo data of supabase/seed.sql, as a newcomer signing in as demo@kasuwa.app sees it: read through
// RLS as the demo owner, so the seed is also proof that its rows belong to the right organization.
import { describe, expect, it } from 'vitest';
import { as } from './harness.ts';

const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
const demo = <T extends Record<string, unknown>>(text: string) =>
  as({ role: 'authenticated', userId: DEMO_OWNER }, (sql) => sql<T>(text));

describe('the demo seed', () => {
  it('has "Kasuwa Demo Shop" (GH, GHS) owned by demo@kasuwa.app', async () => {
    expect(await demo(`select name, country, currency from organizations`)).toEqual([
      { name: 'Kasuwa Demo Shop', country: 'GH', currency: 'GHS' },
    ]);
    expect(
      await demo(`select p.email, m.role::text from memberships m join profiles p on p.id = m.user_id
                   where m.role = 'OWNER'`),
    ).toEqual([{ email: 'demo@kasuwa.app', role: 'OWNER' }]);
  });

  it('has products, some at or below their low-stock threshold, with stock that the ledger explains', async () => {
    const [row] = await demo(`
      select count(*)::int as products,
             count(*) filter (where stock_on_hand <= low_stock_threshold)::int as low,
             count(*) filter (where stock_on_hand > low_stock_threshold)::int as in_stock,
             count(*) filter (where stock_on_hand <> coalesce((select sum(m.delta) from stock_moves m
                                                              where m.product_id = p.id), 0))::int as unexplained
        from products p`);
    expect(row).toMatchObject({ products: 20, unexplained: 0 });
    expect(row!.low).toBeGreaterThan(0);
    expect(row!.in_stock).toBeGreaterThan(0);
  });

  it('has customers, invoices in every status with gap-free numbers, and payments by cash and mobile money', async () => {
    const [counts] = await demo(`select (select count(*)::int from customers) as customers,
                                        (select array_agg(distinct status::text order by status::text) from invoices) as statuses`);
    expect(counts!.customers).toBeGreaterThan(0);
    expect(counts!.statuses).toEqual(['ISSUED', 'PAID', 'QUOTE', 'VOID']);
    // Invoices in one series without gaps; quotes in their own, each number either a quote's or kept by
    // the invoice it became (the demo's history was quoted on earlier days).
    const gapFree = (numbers: string[], series: string) => {
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers.sort()).toEqual(numbers.map((_, i) => `${series}-${String(i + 1).padStart(6, '0')}`));
    };
    const invoices = await demo<{ number: string }>(`select number from invoices where number like 'INV-%'`);
    gapFree(
      invoices.map((n) => n.number),
      'INV',
    );
    const quotes = await demo<{ number: string }>(
      `select coalesce(quote_number, number) as number from invoices
        where number like 'QUO-%' or quote_number is not null`,
    );
    gapFree(
      quotes.map((n) => n.number),
      'QUO',
    );
    const methods = await demo(`select distinct method, provider::text from payments
                                 where method in ('cash', 'mobile-money') order by 1, 2`);
    expect(methods).toContainEqual({ method: 'cash', provider: null });
    expect(methods.some((m) => m.method === 'mobile-money' && m.provider !== null)).toBe(true);
    const [paid] =
      await demo(`select count(*) filter (where status = 'PAID' and amount_paid <> total)::int as wrong
                                 from invoices`);
    expect(paid).toEqual({ wrong: 0 });
  });

  it('has expenses and leads in every stage', async () => {
    const [row] = await demo(`select (select count(*)::int from expenses) as expenses,
                                     (select array_agg(distinct stage::text order by stage::text) from leads) as stages`);
    expect(row!.expenses).toBeGreaterThan(0);
    expect(row!.stages).toEqual(['CLOSED_LOST', 'CLOSED_WON', 'PROPOSAL', 'PROSPECT', 'QUALIFIED']);
  });
  it('has a plan billed monthly and one weekly, each subscription billed for every period so far, oldest paid', async () => {
    const rows = await demo<{
      plan: string;
      status: string;
      cycles: number[];
      statuses: string[];
      next: boolean;
    }>(`
      select p.name as plan, s.status::text as status,
             array_agg(b.cycle_number order by b.cycle_number) as cycles,
             array_agg(b.status::text || ' ' || i.status::text order by b.cycle_number) as statuses,
             -- After the day the seed ran (it makes the shop 35 days before it), not after today: a test run
             -- just past midnight would find the next period already started.
             s.next_billing_date > ((o.created_at + interval '35 days') at time zone 'Africa/Accra')::date as next
        from subscriptions s
        join organizations o on o.id = s.org_id
        join subscription_plans p on p.id = s.plan_id
        join billing_cycles b on b.subscription_id = s.id
        join invoices i on i.id = b.invoice_id
       group by p.name, s.status, s.next_billing_date, o.created_at order by p.name`);
    expect(rows).toEqual([
      {
        plan: 'Canteen provisions (monthly)',
        status: 'ACTIVE',
        cycles: [1, 2],
        statuses: ['PAID PAID', 'BILLED ISSUED'],
        next: true,
      },
      {
        plan: 'Water delivery (weekly)',
        status: 'ACTIVE',
        cycles: [1, 2],
        statuses: ['PAID PAID', 'BILLED ISSUED'],
        next: true,
      },
    ]);
    // Each invoice is dated on its period's first day, as the billing run would have made it.
    const [dates] = await demo<{ wrong: number }>(`
      select count(*)::int as wrong from billing_cycles b join invoices i on i.id = b.invoice_id
       where (i.issued_at at time zone 'Africa/Accra')::date <> b.start_date`);
    expect(dates).toEqual({ wrong: 0 });
  });
});
