// Every reason code a refusal can carry has its English and French translation (ADR 005): the codes raised
// in supabase/migrations (the JSON hints, private.refuse, the team's refusals, the import's problems), in
// supabase/functions (each Refusal, the constraint table), in the shared schemas and Supabase Auth's codes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCHEMA_REASONS } from '@shared/schemas/reasons.ts';
import { AUTH_REASONS } from '@/lib/validation-message.ts';
import en from './errors-en.json';
import fr from './errors-fr.json';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CODE = "'([A-Z][A-Z0-9_]*)'";

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext) && !f.endsWith('.test.ts'))
    .map((f) => path.join(ROOT, dir, f));
}

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1]!);
}

/** A statement's text with its string literals emptied, so a ';' inside one does not end it. */
const withoutStrings = (sql: string) => sql.replace(/'(?:[^']|'')*'/g, "''");

const migrations = filesUnder('supabase/migrations', '.sql').map((f) => readFileSync(f, 'utf8'));
const sqlCodes = migrations.flatMap((sql) => [
  // hint = json_build_object('reason', 'OVER_BALANCE', …) and every code a hint expression names
  ...matches(sql, new RegExp(`'reason',\\s*${CODE}`, 'g')),
  ...[...sql.matchAll(/hint\s*=([\s\S]*?);/g)].flatMap((m) => matches(m[1]!, new RegExp(CODE, 'g'))),
  // private.refuse('English', 'SQLSTATE', 'CODE', …), the English perhaps a format(…) with calls inside
  ...matches(
    sql,
    new RegExp(
      `private\\.refuse\\(\\s*(?:'(?:[^']|'')*'|format\\((?:[^()]|\\([^()]*\\))*\\)),\\s*'\\w{5}',\\s*${CODE}`,
      'g',
    ),
  ),
  // private.team_refusal('HTTP CODE', 'English', 'CODE') and private.require(…, 'English', 'CODE')
  ...matches(sql, new RegExp(`(?:team_refusal|require)\\([^;]*?'(?:[^']|'')*',\\s*${CODE}\\)`, 'g')),
  // the product import's problems: select line, 'field', 'CODE', …
  ...matches(sql, new RegExp(`select line, '\\w+'(?: as field)?, ${CODE}`, 'g')),
]);

const functionCodes = filesUnder('supabase/functions', '.ts').flatMap((f) => {
  const ts = readFileSync(f, 'utf8');
  return [
    ...matches(ts, new RegExp(`reason:\\s*${CODE}`, 'g')),
    ...matches(ts, new RegExp(`message:\\s*${CODE}`, 'g')),
    // the table of built-in constraints: [/"products_org_sku_key"/, 'SKU_TAKEN', 'sku'] (field optional)
    ...matches(ts, new RegExp(`\\[/.*/, ${CODE}(?:, '\\w+')?\\]`, 'g')),
  ];
});
const httpCodes = matches(
  readFileSync(path.join(ROOT, 'supabase/functions/_shared/errors.ts'), 'utf8'),
  /^ {2}([A-Z_]+): \d{3},$/gm,
);

const catalogs = { en: en as Record<string, string>, fr: fr as Record<string, string> };

describe('error codes', () => {
  it('finds the codes where they are raised', () => {
    expect(new Set(sqlCodes).size).toBeGreaterThan(70);
    expect(sqlCodes).toEqual(
      expect.arrayContaining(['OVER_BALANCE', 'NOT_A_MEMBER', 'LAST_OWNER', 'SKU_TAKEN']),
    );
    expect(functionCodes).toEqual(
      expect.arrayContaining(['INVALID_INPUT', 'SKU_TAKEN', 'CONFIRM_NAME_MISMATCH']),
    );
    expect(httpCodes).toHaveLength(15);
  });

  it('every rule in the migrations that refuses says its reason code', () => {
    const bare = migrations.flatMap((sql) =>
      [...withoutStrings(sql).matchAll(/raise exception[\s\S]*?;/g)]
        .map((m) => m[0])
        .filter((statement) => !/\bhint\s*=/.test(statement)),
    );
    expect(bare).toEqual([]);
  });

  const reasons = [
    ...new Set([...sqlCodes, ...functionCodes, ...SCHEMA_REASONS, ...Object.values(AUTH_REASONS)]),
  ].sort();
  it.each(Object.entries(catalogs))('every reason and HTTP code has its %s translation', (_, catalog) => {
    const missing = [
      ...reasons.map((r) => `errors.${r}`),
      ...httpCodes.map((c) => `errors.code.${c}`),
      'errors.generic',
    ].filter((id) => !catalog[id]);
    expect(missing).toEqual([]);
  });

  // (i18n.test.ts holds both languages to the same keys and arguments: these strings load with the shell's.)
  it('says every refusal in French in the French catalog, never in English', () => {
    const same = Object.entries(catalogs.en).filter(([id, english]) => catalogs.fr[id] === english);
    expect(same).toEqual([]);
  });
});
