import { describe, expect, it } from 'vitest';
import { actAs, asOwner, createOrganization, createUser, expectSqlError } from './harness.ts';

describe('accounts: profiles, organizations and memberships', () => {
  it('creates a profile from the sign-up metadata of every new auth user', async () => {
    await asOwner(async (sql) => {
      const user = await createUser(sql, { firstName: 'Kofi', lastName: 'Boateng' });
      const [profile] = await sql(`select first_name, last_name, locale, email from profiles where id = $1`, [
        user.id,
      ]);
      expect(profile).toEqual({ first_name: 'Kofi', last_name: 'Boateng', locale: 'en', email: user.email });
    });
  });

  it('gives Auth the language a member chooses, so its mails (password reset) come in that language', async () => {
    await asOwner(async (sql) => {
      const user = await createUser(sql);
      await actAs(sql, { role: 'authenticated', userId: user.id }, () =>
        sql(`update profiles set locale = 'fr' where id = $1`, [user.id]),
      );
      const [meta] = await sql(
        `select raw_user_meta_data ->> 'locale' as locale from auth.users where id = $1`,
        [user.id],
      );
      expect(meta).toEqual({ locale: 'fr' });
    });
  });

  it('makes the creator of an organization its OWNER', async () => {
    await asOwner(async (sql) => {
      const user = await createUser(sql);
      const org = await createOrganization(sql, user.id);
      const rows = await sql(`select role from memberships where org_id = $1 and user_id = $2`, [
        org.id,
        user.id,
      ]);
      expect(rows).toEqual([{ role: 'OWNER' }]);
    });
  });

  it('refuses an organization name already taken, whatever its case and surrounding spaces', async () => {
    await asOwner(async (sql) => {
      const a = await createUser(sql);
      const b = await createUser(sql);
      await createOrganization(sql, a.id, 'Adjoa Pharmacy Ltd');
      const err = await expectSqlError(createOrganization(sql, b.id, '  adjoa PHARMACY ltd '), '23505');
      expect(err.message).toBe('An organization with this name already exists');
    });
  });

  it('shows a member only the organizations and memberships they belong to', async () => {
    await asOwner(async (sql) => {
      const a = await createUser(sql);
      const b = await createUser(sql);
      const orgA = await createOrganization(sql, a.id);
      const orgB = await createOrganization(sql, b.id);
      const seen = await actAs(sql, { role: 'authenticated', userId: a.id }, () =>
        sql<{ id: string }>(`select id from organizations where id in ($1, $2)`, [orgA.id, orgB.id]),
      );
      expect(seen).toEqual([{ id: orgA.id }]);
      const memberships = await actAs(sql, { role: 'authenticated', userId: a.id }, () =>
        sql(`select org_id from memberships where org_id in ($1, $2)`, [orgA.id, orgB.id]),
      );
      expect(memberships).toEqual([{ org_id: orgA.id }]);
    });
  });

  it("lets a member read colleagues' profiles but not strangers'", async () => {
    await asOwner(async (sql) => {
      const owner = await createUser(sql);
      const colleague = await createUser(sql);
      const stranger = await createUser(sql);
      const org = await createOrganization(sql, owner.id);
      await sql(`insert into memberships (org_id, user_id, role) values ($1, $2, 'SALES')`, [
        org.id,
        colleague.id,
      ]);
      const seen = await actAs(sql, { role: 'authenticated', userId: colleague.id }, () =>
        sql<{ id: string }>(`select id from profiles where id in ($1, $2, $3) order by id`, [
          owner.id,
          colleague.id,
          stranger.id,
        ]),
      );
      expect(seen.map((r) => r.id).sort()).toEqual([owner.id, colleague.id].sort());
    });
  });

  it('refuses to let a member change another organization or insert one directly', async () => {
    await asOwner(async (sql) => {
      const a = await createUser(sql);
      const b = await createUser(sql);
      const orgB = await createOrganization(sql, b.id);
      const updated = await actAs(sql, { role: 'authenticated', userId: a.id }, () =>
        sql(`update organizations set name = 'Hijacked' where id = $1 returning id`, [orgB.id]),
      );
      expect(updated).toEqual([]);
      await expectSqlError(
        actAs(sql, { role: 'authenticated', userId: a.id }, () =>
          sql(`insert into organizations (name, country, currency) values ('Direct', 'GH', 'GHS')`),
        ),
        '42501',
      );
    });
  });

  it('lets only OWNER and MANAGER rename the organization', async () => {
    await asOwner(async (sql) => {
      const owner = await createUser(sql);
      const org = await createOrganization(sql, owner.id);
      for (const role of ['MANAGER', 'ACCOUNTANT', 'SALES'] as const) {
        const member = await createUser(sql);
        await sql(`insert into memberships (org_id, user_id, role) values ($1, $2, $3)`, [
          org.id,
          member.id,
          role,
        ]);
        const rows = await actAs(sql, { role: 'authenticated', userId: member.id }, () =>
          sql(`update organizations set name = $2 where id = $1 returning id`, [
            org.id,
            `Renamed by ${role} ${org.id}`,
          ]),
        );
        expect(rows.length, role).toBe(role === 'MANAGER' ? 1 : 0);
      }
    });
  });

  it('shows nothing to anon', async () => {
    await asOwner(async (sql) => {
      const user = await createUser(sql);
      await createOrganization(sql, user.id);
      const counts = await actAs(sql, { role: 'anon' }, () =>
        sql(`select (select count(*) from organizations)::int as orgs,
                    (select count(*) from memberships)::int as memberships,
                    (select count(*) from profiles)::int as profiles`),
      );
      expect(counts).toEqual([{ orgs: 0, memberships: 0, profiles: 0 }]);
      await expectSqlError(
        actAs(sql, { role: 'anon' }, () => sql(`select public.create_organization('X', 'GH', 'GHS')`)),
        '42501',
      );
    });
  });
});
