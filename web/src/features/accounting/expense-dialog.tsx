// Record Expense: vendor, category, amount (typed as text), currency (the organization's by default), the
// day it was paid (today in the organization's time zone) and a note; each field's message under it.
// Given an expense, the same form edits it (its currency stays; the activity log keeps before and after).
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { CURRENCIES, currencyChoices } from '@shared/countries.ts';
import { localDate } from '@shared/csv.ts';
import type { ExpenseInput } from '@shared/schemas/accounting.ts';
import { EXPENSE_CATEGORIES } from '@shared/schemas/values.ts';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { currencyDecimals } from '@/lib/money.ts';
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { useFormDraft } from '@/lib/form-draft.ts';
import { submitWrite } from '@/lib/feedback.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useRecordExpense, useUpdateExpense } from './api/expenses.ts';
import type { Expense } from './api/keys.ts';
import { useT } from '@/lib/i18n.tsx';

const expenseSchema = lazySchema(() =>
  import('@shared/schemas/accounting.ts').then((m) => m.ExpenseInputSchema),
);

type Field = 'vendor' | 'category' | 'amount' | 'currency' | 'paidAt' | 'note';

export function ExpenseDialog({ expense, onClose }: { expense?: Expense; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const record = useRecordExpense();
  const update = useUpdateExpense();
  const resolver = useLazyResolver(expenseSchema);
  const form = useForm({
    resolver,
    defaultValues: expense
      ? {
          vendor: expense.vendor,
          category: expense.category,
          amount: expense.amount,
          currency: expense.currency as ExpenseInput['currency'],
          paidAt: localDate(org.timezone, expense.paidAt),
          note: expense.note ?? '',
        }
      : {
          vendor: '',
          category: '' as never,
          amount: '' as unknown as number,
          currency: org.currency as ExpenseInput['currency'],
          paidAt: localDate(org.timezone),
          note: '',
        },
  });
  const { register, handleSubmit, formState, control } = form;
  const currency = useWatch({ control, name: 'currency' }) ?? org.currency;
  const draft = useFormDraft(form, { orgId: org.id, name: expense ? `expense:${expense.id}` : 'expense' });
  const title = t(expense ? 'expenses.editTitle' : 'expenses.record');
  const error = (name: Field) => validationMessage(intl, formState.errors[name]?.message);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async (input) => {
          const done = await submitWrite(
            intl,
            () =>
              expense
                ? update.mutateAsync({ id: expense.id, input: { ...input, note: input.note || null } })
                : record.mutateAsync({ ...input, note: input.note || null }),
            { success: expense ? 'expenses.updated' : 'expenses.recorded', draft, form },
          );
          if (!done.ok) return;
          onClose();
        })}
      >
        <DraftNotice draft={draft} />
        <TextField
          label={t('expenses.vendor')}
          placeholder={t('expenses.vendorPlaceholder')}
          maxLength={255}
          autoComplete="off"
          error={error('vendor')}
          {...register('vendor')}
        />
        <SelectField
          label={t('expenses.category')}
          placeholder={t('expenses.selectCategory')}
          options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`expenses.category.${c}`) }))}
          error={error('category')}
          {...register('category')}
        />
        <div className="grid grid-cols-[1fr_auto] gap-3">
          <AmountField
            label={t('expenses.amount')}
            control={control}
            name="amount"
            decimals={currencyDecimals(currency)}
            currency={currency}
            error={error('amount')}
          />
          <SelectField
            label={t('expenses.currency')}
            // Sierra Leone's old SLL only where it is already the expense's or the organization's.
            options={currencyChoices(Object.keys(CURRENCIES), expense?.currency ?? org.currency).map((c) => ({
              value: c,
              label: c,
            }))}
            error={error('currency')}
            // An expense keeps its currency: a correction changes the amount, never converts it.
            disabled={expense !== undefined}
            {...register('currency')}
          />
        </div>
        <TextField label={t('expenses.paidAt')} type="date" error={error('paidAt')} {...register('paidAt')} />
        <div className="flex flex-col gap-1">
          <label htmlFor="expense-note" className="text-sm font-medium">
            {t('expenses.note')}
          </label>
          <textarea
            id="expense-note"
            className="textarea textarea-bordered w-full"
            rows={2}
            maxLength={2000}
            placeholder={t('expenses.notePlaceholder')}
            {...register('note')}
          />
        </div>
        <FormActions
          onCancel={onClose}
          submitLabel={expense ? t('expenses.save') : t('expenses.record')}
          disabled={formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
