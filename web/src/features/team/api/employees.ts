// Employees of the current organization (people on the payroll, not app users): the list and the write that
// saves one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeInput, EmployeeUpdate } from '@shared/schemas/team.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { type Employee, teamKeys } from './keys.ts';

export const employeesQuery = (orgId: string) =>
  queryOptions({
    queryKey: teamKeys.employees(orgId),
    queryFn: () => apiFetch<Employee[]>('/api/employees', { orgId }),
  });

export const useEmployees = () => useQuery(employeesQuery(useOrganization().id));

export const useSaveEmployee = () =>
  useWrite<{ id?: string; input: EmployeeInput | EmployeeUpdate }, Employee>(
    ({ id, input }) =>
      id
        ? { method: 'PUT', path: `/api/employees/${id}`, body: input, label: input.name }
        : // A new employee's id is made on the device, so an add kept offline is applied once.
          { method: 'POST', path: '/api/employees', body: { ...input, id: uuidv7() }, label: input.name },
    ['/api/employees'],
  );
