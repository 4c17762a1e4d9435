// The permissions table as docs/roles.md shows it, and what `can` answers. (That the database holds the same
// table: supabase/tests/permissions.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { can, PERMISSION_NAMES, PERMISSIONS, ROLES } from './permissions.ts';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/roles.md'), 'utf8');

/** The rows of docs/roles.md's permissions table: name, what it allows, the roles with a ✓. */
function documented() {
  const section = doc.split('<!-- permissions:start -->')[1]?.split('<!-- permissions:end -->')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [name, what, ...marks] = line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim());
      return {
        name: name!.replace(/`/g, ''),
        what,
        roles: ROLES.filter((_, i) => marks[i] === '✓'),
      };
    });
}

describe('the permissions', () => {
  it('are the table docs/roles.md shows (npx tsx scripts/gen-roles-doc.ts writes it)', () => {
    expect(documented()).toEqual(
      PERMISSION_NAMES.map((name) => ({
        name,
        what: PERMISSIONS[name].what,
        roles: ROLES.filter((r) => (PERMISSIONS[name].roles as readonly string[]).includes(r)),
      })),
    );
  });

  it('are all the owner’s, and each is someone’s', () => {
    for (const name of PERMISSION_NAMES) expect(can('OWNER', name), name).toBe(true);
  });

  it('are answered by role', () => {
    expect(can('ACCOUNTANT', 'payment.reverse')).toBe(true);
    expect(can('SALES', 'payment.reverse')).toBe(false);
    expect(can('MANAGER', 'team.manageOwners')).toBe(false);
    expect(can('SALES', 'invoice.editOwn')).toBe(true);
    expect(can(undefined, 'invoice.create')).toBe(false);
  });
});
