// Writes the permissions table of docs/roles.md (between its `permissions:start` and `permissions:end`
// markers) from packages/shared/permissions.ts, formatted as Prettier formats the docs.
// packages/shared/permissions.test.ts fails when the two differ. Usage: npx tsx scripts/gen-roles-doc.ts
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { PERMISSION_NAMES, PERMISSIONS, ROLES, type Role } from '../packages/shared/permissions.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs', 'roles.md');
const START = '<!-- permissions:start -->';
const END = '<!-- permissions:end -->';

/** The table as markdown, one row per permission, a ✓ under each role that holds it. */
export function permissionsTable(): string {
  const rows = PERMISSION_NAMES.map((name) => {
    const { roles, what } = PERMISSIONS[name];
    const held = ROLES.map((r) => ((roles as readonly Role[]).includes(r) ? '✓' : ''));
    return `| \`${name}\` | ${what} | ${held.join(' | ')} |`;
  });
  return [
    `| permission | what it allows | ${ROLES.join(' | ')} |`,
    `| --- | --- | ${ROLES.map(() => ':-:').join(' | ')} |`,
    ...rows,
  ].join('\n');
}

const text = readFileSync(DOC, 'utf8');
const start = text.indexOf(START);
const end = text.indexOf(END);
if (start < 0 || end < start) throw new Error(`docs/roles.md has no ${START} … ${END} markers`);
const next = text.slice(0, start + START.length) + '\n\n' + permissionsTable() + '\n\n' + text.slice(end);
writeFileSync(DOC, await format(next, { ...(await resolveConfig(DOC)), filepath: DOC }));
console.log('wrote docs/roles.md');
