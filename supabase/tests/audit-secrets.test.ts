// The audit trail keeps no secret, for every audited table with a column whose name says token, secret or
// password (read from the catalog, so a new one is covered without editing this file): a row's insert, a
// change of its secret and its delete leave neither the column nor its value in any audit row.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOwner } from './harness.ts';
import { byKey, deleteRow, insertFixture, setupOrg, tenantTables } from './fixtures.ts';

const secretColumns = await asOwner((sql) =>
  sql<{ table: string; column: string }>(`
    select c.relname as table, a.attname as column
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and c.relname !~ '^cf_' and a.attnum > 0 and not a.attisdropped
       and a.attname ~* '(token|secret|password)'
       and exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname like '%\\_audit\\_%')
     order by 1, 2`),
);

describe('the audit trail and secrets', () => {
  it('finds the secret columns of audited tables (invitations and share links among them)', () => {
    expect(secretColumns).toEqual(
      expect.arrayContaining([
        { table: 'invitations', column: 'token_hash' },
        { table: 'invoice_share_tokens', column: 'token_hash' },
      ]),
    );
    for (const { table } of secretColumns) expect(tenantTables).toContain(table);
  });

  it.each(secretColumns)(
    'records $table without $column on insert, update and delete',
    async ({ table, column }) => {
      await asOwner(async (sql) => {
        const org = await setupOrg(sql, { plan: 'GROWTH' });
        const key = await insertFixture(sql, table, org);
        const [where, params] = byKey(key, 2);
        const [{ before }] = (await sql<{ before: string }>(
          `select ${column}::text as before from public.${table} where ${byKey(key)[0]}`,
          byKey(key)[1],
        )) as [{ before: string }];
        const secret = `s3cr3t-${randomUUID()}`;
        // A share link's token never changes (final-records.test.ts): its one update is the revocation.
        const revocation = table.endsWith('_share_tokens');
        if (revocation)
          await sql(`update public.${table} set revoked_at = now() where ${byKey(key)[0]}`, byKey(key)[1]);
        else await sql(`update public.${table} set ${column} = $1 where ${where}`, [secret, ...params]);
        expect(await deleteRow(sql, table, key)).toBe(1);
        const rows = await sql<{ action: string; payload: string }>(
          `select action, payload::text from public.audit_logs where org_id = $1 and entity = $2`,
          [org.id, table],
        );
        expect(rows.map((r) => r.action).sort()).toEqual(
          revocation ? ['DELETE', 'INSERT', 'UPDATE'] : ['DELETE', 'INSERT'],
        );
        for (const row of rows) {
          expect(row.payload, row.action).not.toContain(`"${column}"`);
          expect(row.payload, row.action).not.toContain(secret);
          expect(row.payload, row.action).not.toContain(before);
        }
      });
    },
  );
});
