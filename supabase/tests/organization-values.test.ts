// An organization's reference values and name, held by the database on every path: a supported country and
// currency, a time zone that exists, and a name compared as it looks (NFKC, case folded, invisible
// characters removed), without invisible characters or mixed Latin and Cyrillic/Greek letters.
import { describe, expect, it } from 'vitest';
import { CURRENCIES, SETTINGS_COUNTRIES } from '../../packages/shared/countries.ts';
import {
  actAs,
  asOwner,
  createUser,
  expectSqlError,
  ROLES,
  type Sql,
  sqlAs,
  user,
  addMember,
} from './harness.ts';
import { createInvoice, createProduct, setupOrg } from './fixtures.ts';

const hint = (err: { hint?: string }) => JSON.parse(err.hint ?? '{}') as Record<string, unknown>;

/** Creates an organization as a new user through rpc/create_organization, as the Data API would. */
const create = async (sql: Sql, name: string, country = 'GH', currency = 'GHS') => {
  const person = await createUser(sql);
  return actAs(sql, user(person.id), () =>
    sql<{ id: string; name: string }>(`select id, name from public.create_organization($1, $2, $3)`, [
      name,
      country,
      currency,
    ]),
  );
};

describe('an organization’s reference values', () => {
  it('lists the same countries and currencies as the app (packages/shared/countries.ts)', async () => {
    await asOwner(async (sql) => {
      const [row] = await sql<{ countries: string[]; currencies: string[] }>(
        `select private.supported_countries() as countries, private.supported_currencies() as currencies`,
      );
      expect([...row!.countries].sort()).toEqual(SETTINGS_COUNTRIES.map((c) => c.code).sort());
      expect([...row!.currencies].sort()).toEqual(Object.keys(CURRENCIES).sort());
    });
  });

  it('refuses a time zone that does not exist, from the owner through the Data API, and keeps the old one', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      const err = await expectSqlError(
        sqlAs(sql, user(org.ownerId), `update organizations set timezone = 'Not/AZone' where id = $1`, [
          org.id,
        ]),
        '23514',
      );
      expect(hint(err)).toMatchObject({ reason: 'TIMEZONE_INVALID', field: 'timezone' });
      expect(await sql(`select timezone from organizations where id = $1`, [org.id])).toEqual([
        { timezone: 'Africa/Accra' },
      ]);
      await sqlAs(
        sql,
        user(org.ownerId),
        `update organizations set timezone = 'Africa/Lagos' where id = $1`,
        [org.id],
      );
    });
  });

  it('refuses an unsupported country or currency on update and through rpc/create_organization', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      for (const [column, value, reason] of [
        ['country', 'US', 'COUNTRY_UNSUPPORTED'],
        ['currency', 'USD', 'CURRENCY_UNSUPPORTED'],
      ] as const) {
        const err = await expectSqlError(
          sqlAs(sql, user(org.ownerId), `update organizations set ${column} = $2 where id = $1`, [
            org.id,
            value,
          ]),
          '23514',
        );
        expect(hint(err)).toMatchObject({ reason, field: column });
      }
      const err = await expectSqlError(create(sql, `Dollar Shop ${org.id}`, 'US', 'USD'), '23514');
      expect(hint(err)).toMatchObject({ reason: 'COUNTRY_UNSUPPORTED' });
    });
  });

  it('lets a manager change the time zone, and refuses every role a bad one', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      for (const role of ROLES.filter((r) => r !== 'OWNER')) {
        const member = await addMember(sql, org.id, role);
        const write = sqlAs(
          sql,
          user(member.id),
          `update organizations set timezone = 'Mars/Olympus' where id = $1`,
          [org.id],
        );
        // A manager reaches the check; an accountant or a salesperson may not write the row at all.
        if (role === 'MANAGER')
          expect(hint(await expectSqlError(write, '23514')).reason).toBe('TIMEZONE_INVALID');
        else expect(await write).toEqual([]);
      }
      expect(await sql(`select timezone from organizations where id = $1`, [org.id])).toEqual([
        { timezone: 'Africa/Accra' },
      ]);
    });
  });
});

describe('organization names', () => {
  it('compares names as they look: case, full-width letters and invisible characters make no new name', async () => {
    await asOwner(async (sql) => {
      const [first] = await create(sql, 'Maison Adjoa Textiles');
      expect(first!.name).toBe('Maison Adjoa Textiles');
      for (const lookalike of ['MAISON ADJOA TEXTILES', 'Ｍａｉｓｏｎ Ａｄｊｏａ Ｔｅｘｔｉｌｅｓ']) {
        const err = await expectSqlError(create(sql, lookalike), '23505');
        expect(hint(err)).toMatchObject({ reason: 'ORGANIZATION_NAME_TAKEN' });
      }
      expect(
        await sql(`select public.organization_name_available($1) as free`, ['maison adjoa\u200b textiles']),
      ).toEqual([{ free: false }]);
    });
  });

  it('refuses a name holding invisible characters or bidirectional controls', async () => {
    await asOwner(async (sql) => {
      for (const name of ['Kasuwa\u200b Foods', 'Kasuwa\u202eFoods', 'Kasuwa\ufeff', 'Ka\u00adsuwa']) {
        const err = await expectSqlError(create(sql, name), '23514');
        expect(hint(err)).toMatchObject({ reason: 'INVISIBLE_CHARACTERS', field: 'name' });
      }
    });
  });

  it('refuses a name mixing Latin letters with Cyrillic or Greek look-alikes, and keeps a name in one script', async () => {
    await asOwner(async (sql) => {
      // "Kasuwa" with a Cyrillic а, and with a Greek ο.
      for (const name of ['K\u0430suwa Market', 'Kasuwa St\u03bfres']) {
        const err = await expectSqlError(create(sql, name), '23514');
        expect(hint(err)).toMatchObject({ reason: 'MIXED_SCRIPTS', field: 'name' });
      }
      const org = await setupOrg(sql);
      const err = await expectSqlError(
        sqlAs(sql, user(org.ownerId), `update organizations set name = $2 where id = $1`, [
          org.id,
          'P\u0430lm Oil',
        ]),
        '23514',
      );
      expect(hint(err)).toMatchObject({ reason: 'MIXED_SCRIPTS' });
      const [cyrillic] = await create(sql, `Магазин ${org.id.slice(0, 4).replace(/[a-z]/g, '1')}`);
      expect(cyrillic!.name).toMatch(/^Магазин/);
    });
  });
});

describe('the currency', () => {
  const change = (sql: Sql, org: { id: string; ownerId: string }) =>
    sqlAs(sql, user(org.ownerId), `update organizations set country = 'SN', currency = 'XOF' where id = $1`, [
      org.id,
    ]);

  it('changes freely before any amount is recorded (a product without price, no invoice)', async () => {
    await asOwner(async (sql) => {
      const org = await setupOrg(sql);
      await sql(`insert into products (org_id, name, sku) values ($1, 'Unpriced', 'U-1')`, [org.id]);
      await change(sql, org);
      expect(await sql(`select currency from organizations where id = $1`, [org.id])).toEqual([
        { currency: 'XOF' },
      ]);
    });
  });

  it('stays once an invoice or a priced product exists: CURRENCY_LOCKED, and nothing changes', async () => {
    await asOwner(async (sql) => {
      for (const record of [
        async (org: Awaited<ReturnType<typeof setupOrg>>) => createInvoice(sql, org),
        async (org: Awaited<ReturnType<typeof setupOrg>>) => createProduct(sql, org),
      ]) {
        const org = await setupOrg(sql);
        await record(org);
        const err = await expectSqlError(change(sql, org), '23514');
        expect(hint(err)).toMatchObject({
          reason: 'CURRENCY_LOCKED',
          field: 'currency',
          params: { currency: 'GHS' },
        });
        expect(await sql(`select country, currency from organizations where id = $1`, [org.id])).toEqual([
          { country: 'GH', currency: 'GHS' },
        ]);
      }
    });
  });
});
