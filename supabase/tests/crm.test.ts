// Leads and their notes as the app and the offline outbox write them (save_lead, add_lead_note): the
// role matrix (OWNER, MANAGER and SALES edit; ACCOUNTANT reads; other organizations see nothing), the
// defaults (stage PROSPECT, owned by whoever adds it), the owner being a member, each write applied once
// per mutation id, and notes.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Org, setPlan, setupOrg } from './fixtures.ts';
import {
  actAs,
  addMember,
  asOwner,
  createUser,
  expectSqlError,
  type Role,
  type Sql,
  sqlAs,
  user,
} from './harness.ts';

type Answer = { data?: Record<string, unknown>; error?: { code: string; message: string } };

async function call(sql: Sql, actorId: string, fn: string, ...args: unknown[]): Promise<Answer> {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  return actAs(sql, user(actorId), async () => {
    const params = args.map((a) => (a !== null && typeof a === 'object' ? JSON.stringify(a) : a));
    const [row] = await sql<{ answer: Answer }>(`select public.${fn}(${placeholders}) as answer`, params);
    return row!.answer;
  });
}

const saveLead = (
  sql: Sql,
  actorId: string,
  org: Org,
  input: Record<string, unknown>,
  leadId: string | null = null,
) => call(sql, actorId, 'save_lead', org.id, randomUUID(), leadId, input);
const addNote = (sql: Sql, actorId: string, org: Org, leadId: string, note: string, key = randomUUID()) =>
  call(sql, actorId, 'add_lead_note', org.id, key, leadId, note);

async function businessOrg(sql: Sql) {
  const org = await setupOrg(sql);
  await setPlan(sql, org.id, 'BUSINESS');
  return org;
}

async function leadsOf(sql: Sql, orgId: string) {
  return sql<{ id: string; name: string; stage: string; owner_id: string | null }>(
    `select id, name, stage::text, owner_id from public.leads where org_id = $1 order by name`,
    [orgId],
  );
}

describe('leads', () => {
  it('creates a lead with its defaults: stage PROSPECT, owned by whoever adds it, optional fields empty', async () => {
    await asOwner(async (sql) => {
      const org = await businessOrg(sql);
      const answer = await saveLead(sql, org.ownerId, org, { name: '  Aisha Bello ', company: '' });
      expect(answer.error).toBeUndefined();
      expect(answer.data).toMatchObject({
        name: 'Aisha Bello',
        company: null,
        value: null,
        close_date: null,
        stage: 'PROSPECT',
        owner_id: org.ownerId,
        org_id: org.id,
      });
    });
  });

  it('lets OWNER, MANAGER and SALES add, edit and move leads to any stage, and ACCOUNTANT only read them', async () => {
    await asOwner(async (sql) => {
      const org = await businessOrg(sql);
      const people: Record<Role, string> = {
        OWNER: org.ownerId,
        MANAGER: (await addMember(sql, org.id, 'MANAGER')).id,
        ACCOUNTANT: (await addMember(sql, org.id, 'ACCOUNTANT')).id,
        SALES: (await addMember(sql, org.id, 'SALES')).id,
      };
      for (const role of ['OWNER', 'MANAGER', 'SALES'] as const) {
        const created = await saveLead(sql, people[role], org, {
          name: `${role} lead`,
          company: 'Bello Pharmacy',
          value: 2500.5,
          closeDate: '2026-12-15',
          stage: 'QUALIFIED',
        });
        expect(created.data, role).toMatchObject({
          stage: 'QUALIFIED',
          value: 2500.5,
          close_date: '2026-12-15',
        });
        const id = created.data!.id as string;
        const moved = await saveLead(sql, people[role], org, { stage: 'CLOSED_LOST' }, id);
        expect(moved.data, role).toMatchObject({ stage: 'CLOSED_LOST', name: `${role} lead`, value: 2500.5 });
        const back = await saveLead(
          sql,
          people[role],
          org,
          { stage: 'PROSPECT', value: null, company: 'Ade Ltd' },
          id,
        );
        expect(back.data, role).toMatchObject({ stage: 'PROSPECT', value: null, company: 'Ade Ltd' });
      }
      const refused = await saveLead(sql, people.ACCOUNTANT, org, { name: 'Accountant lead' });
      expect(refused.error).toMatchObject({ code: 'FORBIDDEN' });
      const [first] = await leadsOf(sql, org.id);
      const edit = await saveLead(sql, people.ACCOUNTANT, org, { stage: 'CLOSED_WON' }, first!.id);
      expect(edit.error).toMatchObject({ code: 'FORBIDDEN' });
      const seen = await sqlAs<{ name: string; stage: string }>(
        sql,
        user(people.ACCOUNTANT),
        `select name, stage::text from public.leads where org_id = $1 order by name`,
        [org.id],
      );
      expect(seen).toEqual([
        { name: 'MANAGER lead', stage: 'PROSPECT' },
        { name: 'OWNER lead', stage: 'PROSPECT' },
        { name: 'SALES lead', stage: 'PROSPECT' },
      ]);
      // Directly through the table too (what PostgREST would allow): refused by RLS.
      const direct = await sqlAs(
        sql,
        user(people.ACCOUNTANT),
        `update public.leads set stage = 'CLOSED_WON' where org_id = $1 returning id`,
        [org.id],
      );
      expect(direct).toEqual([]);
      await expectSqlError(
        sqlAs(sql, user(people.ACCOUNTANT), `insert into public.leads (org_id, name) values ($1, 'x')`, [
          org.id,
        ]),
        '42501',
      );
    });
  });

  it('refuses empty names, negative values and unknown stages, and changes nothing', async () => {
    await asOwner(async (sql) => {
      const org = await businessOrg(sql);
      for (const input of [
        { name: '   ' },
        { name: 'Kemi', value: -1 },
        { name: 'Kemi', stage: 'WON' },
        {},
      ]) {
        const answer = await saveLead(sql, org.ownerId, org, input);
        expect(answer.error, JSON.stringify(input)).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      expect(await leadsOf(sql, org.id)).toEqual([]);
    });
  });

  it('gives a lead to another member, refuses an owner from outside the organization, and clears it when the member leaves', async () => {
    await asOwner(async (sql) => {
      const org = await businessOrg(sql);
      const sales = await addMember(sql, org.id, 'SALES');
      const outsider = await createUser(sql);
      const other = await setupOrg(sql);

      const given = await saveLead(sql, org.ownerId, org, { name: 'Chidi Okafor', ownerId: sales.id });
      expect(given.data).toMatchObject({ owner_id: sales.id });
      const id = given.data!.id as string;
      for (const ownerId of [outsider.id, other.ownerId]) {
        const created = await saveLead(sql, org.ownerId, org, { name: 'Nobody', ownerId });
        expect(created.error).toEqual({
          code: 'NOT_FOUND',
          sqlstate: '23503',
          message: 'The owner must be a member of this organization',
          reason: 'LEAD_OWNER_NOT_MEMBER',
          field: 'ownerId',
        });
        const moved = await saveLead(sql, sales.id, org, { ownerId }, id);
        expect(moved.error).toMatchObject({ message: 'The owner must be a member of this organization' });
      }
      expect(await leadsOf(sql, org.id)).toEqual([
        { id, name: 'Chidi Okafor', stage: 'PROSPECT', owner_id: sales.id },
      ]);
      await sql(`delete from public.memberships where org_id = $1 and user_id = $2`, [org.id, sales.id]);
      expect((await leadsOf(sql, org.id))[0]!.owner_id).toBeNull();
    });
  });

  it('applies a lead write once per mutation id and keeps the id a device gave it offline', async () => {
    await asOwner(async (sql) => {
      const org = await businessOrg(sql);
      const key = randomUUID();
      const id = randomUUID();
      const input = { id, name: 'Offline lead', value: 100 };
      const first = await call(sql, org.ownerId, 'save_lead', org.id, key, null, input);
      const again = await call(sql, org.ownerId, 'save_lead', org.id, key, null, input);
      expect(first.data).toMatchObject({ id, name: 'Offline lead' });
      expect(again).toEqual(first);
      expect(await leadsOf(sql, org.id)).toHaveLength(1);

      const moveKey = randomUUID();
      await call(sql, org.ownerId, 'save_lead', org.id, moveKey, id, { stage: 'PROPOSAL' });
      await call(sql, org.ownerId, 'save_lead', org.id, randomUUID(), id, { stage: 'QUALIFIED' });
      // The older move replayed (a lost reply) is answered from the record, not applied over the newer one.
      const replayed = await call(sql, org.ownerId, 'save_lead', org.id, moveKey, id, { stage: 'PROPOSAL' });
      expect(replayed.data).toMatchObject({ stage: 'PROPOSAL' });
      expect((await leadsOf(sql, org.id))[0]!.stage).toBe('QUALIFIED');
      // The same id for another change is a client bug, not a business refusal.
      await expectSqlError(
        call(sql, org.ownerId, 'save_lead', org.id, key, null, { ...input, value: 5 }),
        '22023',
      );
    });
  });

  it('keeps other organizations out: nothing to read, nothing to change, no notes', async () => {
    await asOwner(async (sql) => {
      const org = await businessOrg(sql);
      const lead = (await saveLead(sql, org.ownerId, org, { name: 'Ours' })).data!.id as string;
      const other = await setupOrg(sql);
      expect(
        await sqlAs(sql, user(other.ownerId), `select id from public.leads where id = $1`, [lead]),
      ).toEqual([]);
      // Writing into an organization they are not in is refused outright, before anything is recorded.
      await expectSqlError(saveLead(sql, other.ownerId, org, { name: 'Theirs' }), '42501');
      await expectSqlError(saveLead(sql, other.ownerId, org, { stage: 'CLOSED_LOST' }, lead), '42501');
      // In their own organization, our lead does not exist for them.
      expect((await saveLead(sql, other.ownerId, other, { stage: 'CLOSED_LOST' }, lead)).error).toMatchObject(
        {
          code: 'NOT_FOUND',
        },
      );
      expect((await addNote(sql, other.ownerId, other, lead, 'Sneaky')).error).toMatchObject({
        code: 'NOT_FOUND',
      });
      await expectSqlError(addNote(sql, other.ownerId, org, lead, 'Sneaky'), '42501');
      const [row] = await sql<{ stage: string; notes: number }>(
        `select l.stage::text, (select count(*)::int from public.lead_notes n where n.lead_id = l.id) as notes
           from public.leads l where l.id = $1`,
        [lead],
      );
      expect(row).toEqual({ stage: 'PROSPECT', notes: 0 });
    });
  });
});

describe('lead notes', () => {
  it('records notes by OWNER, MANAGER and SALES as themselves, newest first, once per mutation id; ACCOUNTANT reads them', async () => {
    await asOwner(async (sql) => {
      const org = await businessOrg(sql);
      const manager = await addMember(sql, org.id, 'MANAGER');
      const sales = await addMember(sql, org.id, 'SALES');
      const accountant = await addMember(sql, org.id, 'ACCOUNTANT');
      const lead = (await saveLead(sql, sales.id, org, { name: 'Kofi Mensah' })).data!.id as string;

      const key = randomUUID();
      const first = await addNote(sql, sales.id, org, lead, ' Called, wants a quote ', key);
      expect(first.data).toMatchObject({ note: 'Called, wants a quote', user_id: sales.id, lead_id: lead });
      expect(await addNote(sql, sales.id, org, lead, ' Called, wants a quote ', key)).toEqual(first);
      expect((await addNote(sql, manager.id, org, lead, 'Quote sent')).error).toBeUndefined();
      expect((await addNote(sql, org.ownerId, org, lead, 'Discount approved')).error).toBeUndefined();
      expect((await addNote(sql, accountant.id, org, lead, 'Not mine to say')).error).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect((await addNote(sql, sales.id, org, lead, '   ')).error).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      expect((await addNote(sql, sales.id, org, randomUUID(), 'Lost lead')).error).toMatchObject({
        code: 'NOT_FOUND',
      });
      // Nobody writes a note in someone else's name, even straight through the table.
      await expectSqlError(
        sqlAs(
          sql,
          user(sales.id),
          `insert into public.lead_notes (org_id, lead_id, user_id, note) values ($1, $2, $3, 'x')`,
          [org.id, lead, manager.id],
        ),
        '42501',
      );

      // Notes written in one transaction share a time; spread them out as if written minutes apart.
      await sql(
        `update public.lead_notes n set created_at = now() - interval '1 minute' * (3 - o.n)
           from (select id, row_number() over (order by note = 'Discount approved', note = 'Quote sent') as n
                   from public.lead_notes where lead_id = $1) o
          where n.id = o.id`,
        [lead],
      );
      const seen = await sqlAs<{ note: string; user_id: string }>(
        sql,
        user(accountant.id),
        `select note, user_id from public.lead_notes where lead_id = $1 order by created_at desc`,
        [lead],
      );
      expect(seen).toEqual([
        { note: 'Discount approved', user_id: org.ownerId },
        { note: 'Quote sent', user_id: manager.id },
        { note: 'Called, wants a quote', user_id: sales.id },
      ]);
    });
  });
});
