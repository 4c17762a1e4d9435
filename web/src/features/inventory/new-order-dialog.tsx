// New purchase order: its supplier, expected date and lines (a product, prefilling its cost, a quantity and a
// unit cost), with the total they come to. It starts as a draft.
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { type PurchaseOrderInput, PurchaseOrderInputSchema } from '@shared/schemas/inventory.ts';
import { LineItems } from '@/components/ui/line-items.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { QUANTITY_DECIMALS, currencyDecimals, formatMoney } from '@/lib/money.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { notifySaved, notifyError } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import type { Supplier } from './api/keys.ts';
import { useProducts } from './api/products.ts';
import { useCreatePurchaseOrder } from './api/purchase-orders.ts';

export function NewOrderDialog({ suppliers, onClose }: { suppliers: Supplier[]; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const create = useCreatePurchaseOrder();
  const products = useProducts({ search: '', offset: 0, limit: 500 }).data?.rows ?? [];
  const emptyLine = { productId: '', quantity: 1 as unknown, unitCost: '' as unknown };
  const { register, handleSubmit, formState, control, setValue } = useForm({
    resolver: zodResolver(PurchaseOrderInputSchema),
    defaultValues: { supplierId: '', expectedAt: '', lines: [emptyLine] },
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const errors = formState.errors;
  const lineError = (i: number, f: 'productId' | 'quantity' | 'unitCost') =>
    validationMessage(intl, errors.lines?.[i]?.[f]?.message);
  const watched = useWatch({ control, name: 'lines' });
  const total = watched.reduce((sum, l) => sum + (Number(l.quantity) || 0) * (Number(l.unitCost) || 0), 0);
  return (
    <Dialog title={t('orders.new')} onClose={onClose} wide>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          let result: unknown;
          try {
            const order = input as PurchaseOrderInput;
            result = await create.mutateAsync({ ...order, expectedAt: order.expectedAt || null });
          } catch (e) {
            notifyError(intl, e);
            return;
          }
          notifySaved(intl, result, 'orders.created');
          onClose();
        })}
      >
        <SelectField
          label={t('orders.supplier')}
          placeholder={t('orders.selectSupplier')}
          options={suppliers.map((s) => ({ value: s.id, label: s.name }))}
          error={validationMessage(intl, errors.supplierId?.message)}
          {...register('supplierId')}
        />
        <TextField
          label={t('orders.expected')}
          type="date"
          error={validationMessage(intl, errors.expectedAt?.message)}
          {...register('expectedAt')}
        />
        <LineItems
          legend={t('orders.lines')}
          rows={lines.fields}
          gridClassName="grid-cols-2 sm:grid-cols-[2fr_1fr_1fr_auto]"
          renderLine={(i) => (
            <>
              <div className="col-span-2 sm:col-span-1">
                <SelectField
                  id={`line-${i}-product`}
                  label={t('orders.product')}
                  placeholder={t('orders.selectProduct')}
                  options={products.map((p) => ({
                    value: p.id,
                    label: p.sku ? `${p.name} (${p.sku})` : p.name,
                  }))}
                  error={lineError(i, 'productId')}
                  {...register(`lines.${i}.productId`, {
                    onChange: (e: { target: { value: string } }) => {
                      const p = products.find((x) => x.id === e.target.value);
                      if (p) setValue(`lines.${i}.unitCost`, p.cost as unknown);
                    },
                  })}
                />
              </div>
              <AmountField
                id={`line-${i}-quantity`}
                label={t('orders.quantity')}
                control={control}
                name={`lines.${i}.quantity`}
                decimals={QUANTITY_DECIMALS}
                error={lineError(i, 'quantity')}
              />
              <AmountField
                id={`line-${i}-cost`}
                label={t('orders.unitCost')}
                control={control}
                name={`lines.${i}.unitCost`}
                decimals={currencyDecimals(org.currency)}
                currency={org.currency}
                error={lineError(i, 'unitCost')}
              />
            </>
          )}
          onAdd={() => lines.append(emptyLine)}
          onRemove={(i) => lines.remove(i)}
          addLabel={t('orders.addLine')}
          removeLabel={t('orders.removeLine')}
        />
        <p className="text-right font-semibold">
          {t('orders.total')}: {formatMoney(total, org.currency, intl.locale)}
        </p>
        <FormActions onCancel={onClose} submitLabel={t('orders.create')} disabled={formState.isSubmitting} />
      </form>
    </Dialog>
  );
}
