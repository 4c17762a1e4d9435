// A subscription plan, created or edited by an owner or a manager: name, description, price in
// the organization's currency (or the plan's), the period (weekly, monthly, quarterly, yearly, every n of
// them), trial days, and optional product lines billed each period — with lines, the price is their sum
// (the server sums them the same way).
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import {
  BILLING_INTERVALS,
  type SubscriptionPlanInput,
  SubscriptionPlanInputSchema,
} from '@shared/schemas/subscriptions.ts';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import { useProductList } from '@/lib/api/products.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { QUANTITY_DECIMALS, currencyDecimals, formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import type { SubscriptionPlan } from '@shared/api/subscriptions.ts';
import { useSavePlan } from './api/subscriptions.ts';

const known = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

export function PlanDialog({ plan, onClose }: { plan?: SubscriptionPlan; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const save = useSavePlan();
  const products = useProductList({ search: '', offset: 0, limit: 500 }).rows;
  const currency = plan?.currency ?? org.currency;
  const decimals = currencyDecimals(currency);
  const form = useForm({
    resolver: zodResolver(SubscriptionPlanInputSchema),
    defaultValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      price: (plan?.price ?? '') as unknown as number,
      interval: plan?.interval ?? 'MONTHLY',
      intervalCount: (plan?.intervalCount ?? 1) as unknown as number,
      trialDays: (plan?.trialDays ?? 0) as unknown as number,
      isActive: plan?.isActive ?? true,
      lines: (plan?.lines ?? []).map((l) => ({
        productId: l.productId ?? '',
        description: l.description,
        qty: l.qty,
        unitPrice: l.unitPrice,
      })),
    } as SubscriptionPlanInput,
  });
  const { register, handleSubmit, formState, control, setValue } = form;
  const lines = useFieldArray({ control, name: 'lines' });
  const watched = useWatch({ control, name: 'lines' }) ?? [];
  const factor = 10 ** decimals;
  // The price each period bills when there are lines: their sum, rounded to the currency's decimals.
  const sum =
    Math.round(watched.reduce((s, l) => s + known(l.qty) * known(l.unitPrice), 0) * factor) / factor;
  const errors = formState.errors;
  const error = (m: string | undefined) => validationMessage(intl, m);
  const lineError = (i: number, f: 'description' | 'qty' | 'unitPrice') =>
    error(errors.lines?.[i]?.[f]?.message);
  return (
    <Dialog title={t(plan ? 'recurring.plan.edit' : 'recurring.plan.create')} onClose={onClose} wide>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const body = {
            ...input,
            currency,
            price: input.lines?.length ? sum : input.price,
            lines: input.lines?.map((l) => ({ ...l, productId: l.productId || null })),
          };
          const done = await submitWrite(intl, () => save.mutateAsync({ id: plan?.id, input: body }), {
            success: plan ? 'recurring.plan.updated' : 'recurring.plan.created',
            form,
          });
          if (done.ok) onClose();
        })}
      >
        <TextField
          label={t('recurring.plan.name')}
          maxLength={255}
          error={error(errors.name?.message)}
          {...register('name')}
        />
        <TextAreaField
          label={t('recurring.plan.description')}
          maxLength={2000}
          rows={2}
          error={error(errors.description?.message)}
          {...register('description')}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label={t('recurring.plan.interval')}
            options={BILLING_INTERVALS.map((i) => ({ value: i, label: t(`recurring.interval.${i}`) }))}
            error={error(errors.interval?.message)}
            {...register('interval')}
          />
          <AmountField
            control={control}
            name="intervalCount"
            label={t('recurring.plan.intervalCount')}
            hint={t('recurring.plan.intervalCountHint')}
            decimals={0}
            error={error(errors.intervalCount?.message)}
          />
          <AmountField
            control={control}
            name="trialDays"
            label={t('recurring.plan.trialDays')}
            decimals={0}
            error={error(errors.trialDays?.message)}
          />
        </div>
        {lines.fields.length === 0 ? (
          <AmountField
            control={control}
            name="price"
            label={t('recurring.plan.price', { currency })}
            decimals={decimals}
            currency={currency}
            error={error(errors.price?.message)}
          />
        ) : (
          <p className="rounded-box bg-base-200 p-3" data-testid="plan-price-sum">
            <span className="text-sm opacity-70">{t('recurring.plan.priceFromLines')} </span>
            <span className="font-semibold">{formatMoney(sum, currency, intl.locale)}</span>
          </p>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t('recurring.plan.lines')}</legend>
          {lines.fields.length === 0 && <p className="text-sm opacity-70">{t('recurring.plan.linesHint')}</p>}
          {lines.fields.map((row, i) => (
            <div
              key={row.id}
              className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-2 sm:grid-cols-[2fr_2fr_1fr_1fr_auto]"
              data-testid="plan-line"
            >
              <div className="col-span-2 sm:col-span-1">
                <SelectField
                  label={t('invoices.product')}
                  id={`plan-line-${i}-product`}
                  placeholder={t('invoices.noProduct')}
                  options={products.map((p) => ({ value: p.id, label: p.name }))}
                  {...register(`lines.${i}.productId`, {
                    onChange: (e: { target: { value: string } }) => {
                      const p = products.find((x) => x.id === e.target.value);
                      if (!p) return;
                      setValue(`lines.${i}.description`, p.name);
                      setValue(`lines.${i}.unitPrice`, p.price);
                    },
                  })}
                />
              </div>
              <div className="col-span-2 sm:col-span-1">
                <TextField
                  label={t('invoices.description')}
                  id={`plan-line-${i}-description`}
                  error={lineError(i, 'description')}
                  {...register(`lines.${i}.description`)}
                />
              </div>
              <AmountField
                control={control}
                name={`lines.${i}.qty`}
                id={`plan-line-${i}-qty`}
                label={t('invoices.qty')}
                decimals={QUANTITY_DECIMALS}
                error={lineError(i, 'qty')}
              />
              <AmountField
                control={control}
                name={`lines.${i}.unitPrice`}
                id={`plan-line-${i}-price`}
                label={t('invoices.unitPrice')}
                decimals={decimals}
                currency={currency}
                error={lineError(i, 'unitPrice')}
              />
              <button
                type="button"
                className="btn btn-ghost col-span-2 min-h-11 self-end sm:col-span-1"
                aria-label={t('invoices.removeLine')}
                onClick={() => lines.remove(i)}
              >
                ✕
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11 self-start"
            onClick={() =>
              lines.append({ productId: '', description: '', qty: 1, unitPrice: '' as unknown as number })
            }
          >
            {t('recurring.plan.addLine')}
          </button>
        </fieldset>
        <FormActions
          onCancel={onClose}
          submitLabel={t(plan ? 'recurring.plan.save' : 'recurring.plan.createSubmit')}
          disabled={formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
