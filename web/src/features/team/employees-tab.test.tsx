// @vitest-environment happy-dom
// What the employees tab offers each role: a salesperson reads the list, told their role cannot change it,
// with no Add Employee, Edit or Deactivate; an owner has them all. The refusals themselves are the
// database's and /api's (supabase/tests/members.test.ts "lets OWNER and MANAGER add, edit and deactivate
// employees; ACCOUNTANT and SALES only read them", tests/api/team.test.ts, tests/api/role-matrix.test.ts):
// this proves the screen hides them.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/permissions.ts';
import { cacheWithoutServer, orgAs, renderAs } from '@/test/render-as.tsx';
import { type Employee, teamKeys } from './api/keys.ts';
import { EmployeesTab } from './employees-tab.tsx';

/** What the tab offers a member with `role`, with Yaw Darko (a driver, active) on the list. */
function employeesAs(role: Role) {
  const org = orgAs(role);
  const client = cacheWithoutServer();
  const yaw: Employee = {
    id: '019a0000-0000-7000-8000-000000000002',
    name: 'Yaw Darko',
    email: null,
    title: 'Driver',
    status: 'ACTIVE',
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-20T09:00:00Z',
  };
  client.setQueryData(teamKeys.employees(org.id), [yaw]);
  renderAs(org, <EmployeesTab />, { client, path: '/team' });
  expect(screen.getByTestId('employee-row').textContent).toContain('Yaw Darko');
  return {
    readOnly: screen.queryByText('Your role can view the employees but not change them.'),
    add: screen.queryByRole('button', { name: 'Add Employee' }),
    edit: screen.queryByRole('button', { name: 'Edit Yaw Darko' }),
    deactivate: screen.queryByRole('button', { name: 'Deactivate Yaw Darko' }),
    any: screen.queryAllByRole('button', { name: /^(Edit|Deactivate)/ }),
  };
}

describe('the employees tab by role', () => {
  it('lets a salesperson read the employees but change nothing', () => {
    const tab = employeesAs('SALES');
    expect(tab.readOnly).not.toBeNull();
    expect(tab.add).toBeNull();
    expect(tab.any).toEqual([]);
  });

  it('gives an owner Add Employee, Edit and Deactivate', () => {
    const tab = employeesAs('OWNER');
    expect(tab.readOnly).toBeNull();
    expect(tab.add).not.toBeNull();
    expect(tab.edit).not.toBeNull();
    expect(tab.deactivate).not.toBeNull();
  });
});
