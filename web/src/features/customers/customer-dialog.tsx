// Add or edit a customer: name (required), e-mail (checked when given), phone, and a business's address and
// tax ID. A new customer who looks like one on file is asked about first; a form half typed is kept as a draft.
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { draftName, useFormDraft } from '@/lib/form-draft.ts';
import { useEffect, useState } from 'react';
import { WarningConfirm } from '@/components/ui/warning-confirm.tsx';
import type { CustomerInput } from '@shared/schemas/sales.ts';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import { submitWrite, useRefusalInForm } from '@/lib/feedback.ts';
import { uuidv7 } from '@/lib/uuid.ts';
import { refusedInput, type OutboxEntry } from '@/lib/outbox.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useCustomerTwins, useSaveCustomer } from './api/customers.ts';
import type { Customer } from '@shared/api/customers.ts';
import { useT } from '@/lib/i18n.tsx';
import { CustomerBusinessFields } from './customer-business-fields.tsx';

const customerSchema = lazySchema(() =>
  import('@shared/schemas/sales.ts').then((m) => m.CustomerInputSchema),
);

export function CustomerDialog({
  customer,
  initialName = '',
  refused,
  onClose,
  onSaved,
}: {
  customer?: Customer;
  initialName?: string;
  /** A new customer the server refused (Pending changes → Edit): corrected and sent in its place. */
  refused?: OutboxEntry;
  onClose: () => void;
  onSaved?: (c: Customer) => void;
}) {
  const intl = useIntl();
  const t = useT();
  const save = useSaveCustomer();
  const was = refusedInput<CustomerInput>(refused);
  const form = useForm({
    resolver: useLazyResolver(customerSchema),
    defaultValues: {
      name: (was ?? customer)?.name ?? initialName,
      email: (was ?? customer)?.email ?? '',
      phone: (was ?? customer)?.phone ?? '',
      address: (was ?? customer)?.address ?? '',
      taxId: (was ?? customer)?.taxId ?? '',
    },
  });
  const org = useOrganization();
  const { register, handleSubmit, formState } = form;
  const draft = useFormDraft(form, { orgId: org.id, name: draftName('customer', customer?.id, refused?.id) });
  useRefusalInForm(form, refused?.refusal);
  const error = (name: 'name' | 'email' | 'phone' | 'address' | 'taxId') =>
    validationMessage(intl, formState.errors[name]?.message);
  const findTwins = useCustomerTwins();
  const [twins, setTwins] = useState<{ input: CustomerInput; like: Customer[] } | null>(null);
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setTwins(null) }), [subscribe]);
  const saveCustomer = async (input: CustomerInput) => {
    // A new customer's id is made here, so it can be chosen at once, even offline.
    const id = customer?.id ?? was?.id ?? uuidv7();
    const done = await submitWrite(
      intl,
      () =>
        save.mutateAsync({
          id: customer?.id,
          input: { ...input, id },
          replaces: refused?.id,
        }),
      { success: customer ? 'customers.updatedToast' : 'customers.createdToast', draft, form },
    );
    if (!done.ok) return;
    const saved = done.result;
    onSaved?.(
      saved ?? { id, name: input.name, email: null, phone: null, address: null, taxId: null, createdAt: '' },
    );
    onClose();
  };
  return (
    <Dialog title={t(customer ? 'customers.edit' : 'customers.add')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          // A dialog opened from another form must not submit that form too.
          e.stopPropagation();
          return handleSubmit(async (input) => {
            // A new customer who looks like one on file (the same phone, e-mail or name) is asked about.
            if (!customer && !refused) {
              const like = await findTwins(input).catch(() => []);
              if (like.length) return setTwins({ input, like });
            }
            await saveCustomer(input);
          })(e);
        }}
      >
        <DraftNotice draft={draft} />
        <TextField label={t('customers.name')} maxLength={255} error={error('name')} {...register('name')} />
        <TextField
          label={t('customers.email')}
          type="email"
          placeholder={t('customers.emailPlaceholder')}
          error={error('email')}
          {...register('email')}
        />
        <TextField
          label={t('customers.phone')}
          type="tel"
          placeholder={t('customers.phonePlaceholder')}
          error={error('phone')}
          {...register('phone')}
        />
        <CustomerBusinessFields address={register('address')} taxId={register('taxId')} error={error} />
        {twins && (
          <WarningConfirm
            title={t('customers.twins.title')}
            items={twins.like.map((c) => ({
              key: c.id,
              text: [c.name, c.phone, c.email].filter(Boolean).join(' · '),
              testId: 'customer-twin',
            }))}
            question={t('customers.twins.question')}
            backLabel={
              onSaved ? t('customers.twins.use', { name: twins.like[0]!.name }) : t('customers.twins.back')
            }
            confirmLabel={t('customers.twins.confirm')}
            pending={formState.isSubmitting}
            onConfirm={() => void saveCustomer(twins.input)}
            onBack={() => {
              // Chosen from a form (Create Invoice): the customer on file is taken instead.
              if (onSaved) {
                onSaved(twins.like[0]!);
                onClose();
              } else setTwins(null);
            }}
          />
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={t('customers.save')}
          disabled={formState.isSubmitting || twins !== null}
        />
      </form>
    </Dialog>
  );
}
