// A business customer's address and tax ID in the customer form: both optional, printed under the customer's
// name on the documents it receives.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import { useT } from '@/lib/i18n.tsx';

export function CustomerBusinessFields({
  address,
  taxId,
  error,
}: {
  address: UseFormRegisterReturn<'address'>;
  taxId: UseFormRegisterReturn<'taxId'>;
  error: (name: 'address' | 'taxId') => string | undefined;
}) {
  const t = useT();
  return (
    <>
      <TextAreaField
        label={t('customers.address')}
        placeholder={t('customers.optional')}
        rows={2}
        maxLength={500}
        error={error('address')}
        {...address}
      />
      <TextField
        label={t('customers.taxId')}
        placeholder={t('customers.optional')}
        hint={t('customers.taxIdHint')}
        maxLength={50}
        autoComplete="off"
        error={error('taxId')}
        {...taxId}
      />
    </>
  );
}
