// Employees: staff who work in the business without using the app (name, email, title, status). OWNER and
// MANAGER add, edit and deactivate them; everyone else reads the list.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { EmployeeInput } from '@shared/schemas/team.ts';
import { EMPLOYEE_STATUSES } from '@shared/schemas/values.ts';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataList } from '@/components/ui/data-list.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { NotLoaded } from '@/components/ui/loading.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { notifySaved, submitWrite, notifyError } from '@/lib/feedback.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useCan } from '@/lib/organization.tsx';
import { useEmployees, useSaveEmployee } from './api/employees.ts';
import { type Employee } from './api/keys.ts';
import { useT } from '@/lib/i18n.tsx';

const employeeSchema = lazySchema(() => import('@shared/schemas/team.ts').then((m) => m.EmployeeInputSchema));

function EmployeeDialog({ employee, onClose }: { employee?: Employee; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const save = useSaveEmployee();
  const form = useForm({
    resolver: useLazyResolver(employeeSchema),
    defaultValues: {
      name: employee?.name ?? '',
      email: employee?.email ?? '',
      title: employee?.title ?? '',
      status: employee?.status ?? 'ACTIVE',
    },
  });
  const { register, handleSubmit, formState } = form;
  const error = (name: 'name' | 'email') => validationMessage(intl, formState.errors[name]?.message);
  return (
    <Dialog title={t(employee ? 'employees.edit' : 'employees.add')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input: EmployeeInput) => {
          const done = await submitWrite(intl, () => save.mutateAsync({ id: employee?.id, input }), {
            success: employee ? 'employees.updated' : 'employees.created',
            form,
          });
          if (!done.ok) return;
          onClose();
        })}
      >
        <TextField
          id="employee-name"
          label={t('employees.name')}
          maxLength={255}
          error={error('name')}
          {...register('name')}
        />
        <TextField
          id="employee-email"
          label={t('employees.email')}
          type="email"
          maxLength={255}
          error={error('email')}
          {...register('email')}
        />
        <TextField id="employee-title" label={t('employees.title')} maxLength={255} {...register('title')} />
        {employee && (
          <SelectField
            id="employee-status"
            label={t('employees.status')}
            options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`employees.status.${s}`) }))}
            {...register('status')}
          />
        )}
        <FormActions onCancel={onClose} submitLabel={t('employees.save')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}

type Open = { kind: 'edit'; employee?: Employee } | { kind: 'deactivate'; employee: Employee } | null;

export function EmployeesTab() {
  const intl = useIntl();
  const t = useT();
  const canEdit = useCan('employee.manage');
  const employees = useEmployees();
  const save = useSaveEmployee();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = employees.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm opacity-70">{t(canEdit ? 'employees.intro' : 'employees.readOnly')}</p>
        {canEdit && (
          <button
            type="button"
            className="btn btn-primary min-h-11"
            onClick={() => setOpen({ kind: 'edit' })}
          >
            {t('employees.add')}
          </button>
        )}
      </div>
      {!employees.data ? (
        <NotLoaded failed={employees.isError} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('employees.empty')} />
      ) : (
        <DataList
          testId="employees-table"
          rows={rows}
          rowTestId={() => 'employee-row'}
          columns={[
            {
              key: 'name',
              header: t('employees.name'),
              cell: (e) => <span className="font-medium">{e.name}</span>,
              card: 'title',
            },
            { key: 'email', table: 'lg', header: t('employees.email'), cell: (e) => e.email, card: 'meta' },
            { key: 'title', header: t('employees.title'), cell: (e) => e.title, card: 'subtitle' },
            {
              key: 'status',
              header: t('employees.status'),
              cell: (e) => (
                <span
                  className={`badge badge-sm ${e.status === 'ACTIVE' ? 'badge-success' : 'badge-ghost'}`}
                  data-testid="employee-status"
                >
                  {t(`employees.status.${e.status}`)}
                </span>
              ),
              card: 'badge',
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    header: '',
                    cell: (e: Employee) => (
                      <div className="flex flex-wrap gap-1">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm min-h-11"
                          aria-label={t('employees.editNamed', { name: e.name })}
                          onClick={() => setOpen({ kind: 'edit', employee: e })}
                        >
                          {t('employees.editAction')}
                        </button>
                        {e.status === 'ACTIVE' && (
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm min-h-11 text-error"
                            aria-label={t('employees.deactivateNamed', { name: e.name })}
                            onClick={() => setOpen({ kind: 'deactivate', employee: e })}
                          >
                            {t('employees.deactivate')}
                          </button>
                        )}
                      </div>
                    ),
                    card: 'actions' as const,
                  },
                ]
              : []),
          ]}
        />
      )}
      {open?.kind === 'edit' && <EmployeeDialog employee={open.employee} onClose={close} />}
      {open?.kind === 'deactivate' && (
        <ConfirmDialog
          title={t('employees.deactivateTitle')}
          message={t('employees.deactivateConfirm', { name: open.employee.name })}
          confirmLabel={t('employees.deactivate')}
          pending={save.isPending}
          onClose={close}
          onConfirm={async () => {
            try {
              const saved = await save.mutateAsync({
                id: open.employee.id,
                input: { status: 'INACTIVE' },
              });
              notifySaved(intl, saved, 'employees.deactivated', { name: open.employee.name });
              close();
            } catch (e) {
              notifyError(intl, e);
            }
          }}
        />
      )}
    </div>
  );
}
