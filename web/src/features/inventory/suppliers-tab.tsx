// Suppliers: the list (name, e-mail, phone), and for those who manage stock Add supplier and Edit.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { SupplierInputSchema } from '@shared/schemas/inventory.ts';
import { DataList } from '@/components/ui/data-list.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import { useCan } from '@/lib/organization.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import type { Supplier } from './api/keys.ts';
import { useSaveSupplier, useSuppliers } from './api/suppliers.ts';

function SupplierDialog({ supplier, onClose }: { supplier?: Supplier; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const save = useSaveSupplier();
  const form = useForm({
    resolver: zodResolver(SupplierInputSchema),
    defaultValues: { name: supplier?.name ?? '', email: supplier?.email ?? '', phone: supplier?.phone ?? '' },
  });
  const { register, handleSubmit, formState } = form;
  const error = (name: 'name' | 'email' | 'phone') =>
    validationMessage(intl, formState.errors[name]?.message);
  return (
    <Dialog title={t(supplier ? 'suppliers.edit' : 'suppliers.add')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const done = await submitWrite(intl, () => save.mutateAsync({ id: supplier?.id, input }), {
            success: supplier ? 'suppliers.updated' : 'suppliers.created',
            form,
          });
          if (!done.ok) return;
          onClose();
        })}
      >
        <TextField label={t('suppliers.name')} maxLength={255} error={error('name')} {...register('name')} />
        <TextField
          label={t('suppliers.email')}
          type="email"
          placeholder={t('suppliers.emailPlaceholder')}
          error={error('email')}
          {...register('email')}
        />
        <TextField
          label={t('suppliers.phone')}
          type="tel"
          placeholder={t('suppliers.phonePlaceholder')}
          error={error('phone')}
          {...register('phone')}
        />
        <FormActions onCancel={onClose} submitLabel={t('suppliers.save')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}

export function SuppliersTab() {
  const t = useT();
  const canEdit = useCan('supplier.edit');
  const suppliers = useSuppliers();
  const [open, setOpen] = useState<{ supplier?: Supplier } | null>(null);
  const rows = suppliers.data?.rows ?? [];
  return (
    <div className="flex flex-col gap-4">
      {canEdit && (
        <button type="button" className="btn btn-primary min-h-11 self-end" onClick={() => setOpen({})}>
          {t('suppliers.add')}
        </button>
      )}
      {!suppliers.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('suppliers.empty')} />
      ) : (
        <DataList
          testId="suppliers"
          rows={rows}
          columns={[
            { key: 'name', header: t('suppliers.name'), cell: (s) => s.name, card: 'title' },
            { key: 'email', header: t('suppliers.email'), cell: (s) => s.email, card: 'subtitle' },
            {
              key: 'phone',
              header: t('suppliers.phone'),
              cell: (s) => s.phone,
              nowrap: true,
              card: 'subtitle',
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    header: '',
                    cell: (s: Supplier) => (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11"
                        aria-label={`${t('inventory.editAction')} ${s.name}`}
                        onClick={() => setOpen({ supplier: s })}
                      >
                        {t('inventory.editAction')}
                      </button>
                    ),
                    card: 'actions' as const,
                  },
                ]
              : []),
          ]}
        />
      )}
      {open && <SupplierDialog supplier={open.supplier} onClose={() => setOpen(null)} />}
    </div>
  );
}
