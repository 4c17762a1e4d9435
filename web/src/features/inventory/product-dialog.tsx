// Add Product / Edit Product: name required, unit pcs by default, cost, price and low-stock threshold (5)
// required, SKU, barcode and tax code optional; opening stock when adding.
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { draftName, useFormDraft } from '@/lib/form-draft.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { type ProductInput, ProductInputSchema } from '@shared/schemas/inventory.ts';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { QUANTITY_DECIMALS, currencyDecimals } from '@/lib/money.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import type { Product } from '@shared/api/products.ts';
import { useSaveProduct } from './api/products.ts';
import { refusedInput, type OutboxEntry } from '@/lib/outbox.ts';
import { ScanButton } from './barcode-scanner.tsx';
import { submitWrite, useRefusalInForm } from '@/lib/feedback.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useT } from '@/lib/i18n.tsx';

export function ProductDialog({
  product,
  refused,
  onClose,
}: {
  product?: Product;
  /** A new product the server refused (Pending changes → Edit): its values, corrected and sent in its place. */
  refused?: OutboxEntry;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const save = useSaveProduct();
  const was = refusedInput<ProductInput>(refused);
  const from = was ?? product;
  const form = useForm({
    resolver: zodResolver(ProductInputSchema),
    defaultValues: {
      name: from?.name ?? '',
      sku: from?.sku ?? '',
      barcode: from?.barcode ?? '',
      unit: from?.unit ?? 'pcs',
      cost: from?.cost ?? '',
      price: from?.price ?? '',
      taxCode: from?.taxCode ?? '',
      lowStockThreshold: from?.lowStockThreshold ?? 5,
      openingStock: was?.openingStock ?? 0,
    },
  });
  const org = useOrganization();
  const { register, handleSubmit, formState, setValue, control } = form;
  const draft = useFormDraft(form, { orgId: org.id, name: draftName('product', product?.id, refused?.id) });
  useRefusalInForm(form, refused?.refusal);
  const error = (name: keyof typeof formState.errors) =>
    validationMessage(intl, formState.errors[name]?.message as string | undefined);
  const onSubmit = handleSubmit(async (input) => {
    const done = await submitWrite(
      intl,
      () =>
        save.mutateAsync(
          was ? { input: { ...input, id: was.id }, replaces: refused!.id } : { id: product?.id, input },
        ),
      { success: product ? 'inventory.updated' : 'inventory.created', draft, form },
    );
    if (!done.ok) return;
    onClose();
  });
  const money = { control, decimals: currencyDecimals(org.currency), currency: org.currency };
  return (
    <Dialog title={t(product ? 'inventory.edit' : 'inventory.add')} onClose={onClose}>
      <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        <DraftNotice draft={draft} />
        <TextField
          label={t('inventory.field.name')}
          maxLength={255}
          error={error('name')}
          {...register('name')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('inventory.field.sku')}
            maxLength={100}
            placeholder={t('inventory.field.optional')}
            error={error('sku')}
            {...register('sku')}
          />
          <TextField
            label={t('inventory.field.unit')}
            maxLength={50}
            error={error('unit')}
            {...register('unit')}
          />
        </div>
        <div className="flex items-end gap-2">
          <div className="grow">
            <TextField
              label={t('inventory.field.barcode')}
              maxLength={100}
              inputMode="numeric"
              placeholder={t('inventory.field.optional')}
              error={error('barcode')}
              {...register('barcode')}
            />
          </div>
          <ScanButton onScan={(code) => setValue('barcode', code, { shouldDirty: true })} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <AmountField label={t('inventory.field.cost')} name="cost" {...money} error={error('cost')} />
          <AmountField label={t('inventory.field.price')} name="price" {...money} error={error('price')} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <AmountField
            label={t('inventory.field.threshold')}
            control={control}
            name="lowStockThreshold"
            decimals={0}
            error={error('lowStockThreshold')}
          />
          <TextField
            label={t('inventory.field.taxCode')}
            maxLength={50}
            placeholder={t('inventory.field.optional')}
            error={error('taxCode')}
            {...register('taxCode')}
          />
        </div>
        {!product && (
          <AmountField
            label={t('inventory.field.openingStock')}
            control={control}
            name="openingStock"
            decimals={QUANTITY_DECIMALS}
            hint={t('inventory.field.openingStockHint')}
            error={error('openingStock')}
          />
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={
            formState.isSubmitting
              ? t(product ? 'inventory.saving' : 'inventory.creating')
              : t(product ? 'inventory.save' : 'inventory.create')
          }
          disabled={formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
