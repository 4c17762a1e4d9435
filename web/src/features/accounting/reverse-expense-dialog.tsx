// Reverse an expense: asks why, then takes it back with a counter-entry; the expense stays listed, marked
// reversed, and no longer counts in the totals (docs/decisions/010-corrections.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ReversalInputSchema } from '../../../../packages/shared/schemas/sales.ts';
import { Dialog, FormActions } from '../../components/ui/dialog.tsx';
import { submitWrite } from '../../lib/feedback.ts';
import { useT } from '../../lib/i18n.tsx';
import { formatMoney } from '../../lib/money.ts';
import { validationMessage } from '../../lib/validation-message.ts';
import { useReverseExpense } from './api/expenses.ts';
import type { Expense } from './api/keys.ts';

export function ReverseExpenseDialog({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const reverse = useReverseExpense();
  const form = useForm({ resolver: zodResolver(ReversalInputSchema), defaultValues: { reason: '' } });
  const { register, handleSubmit, formState } = form;
  const amount = formatMoney(expense.amount, expense.currency, intl.locale);
  const error = validationMessage(intl, formState.errors.reason?.message);
  return (
    <Dialog title={t('expenses.reverseTitle')} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async ({ reason }) => {
          const done = await submitWrite(
            intl,
            () =>
              reverse.mutateAsync({
                id: expense.id,
                reason,
                label: t('expenses.reverseLabel', { amount, vendor: expense.vendor }),
              }),
            { success: 'expenses.reversed' },
          );
          if (done.ok) onClose();
        })}
      >
        <p>{t('expenses.reverseText', { amount, vendor: expense.vendor })}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor="expense-reversal-reason" className="text-sm font-medium">
            {t('expenses.reason')}
          </label>
          <textarea
            id="expense-reversal-reason"
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={500}
            placeholder={t('expenses.reasonPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'expense-reversal-reason-help' : undefined}
            {...register('reason')}
          />
          {error && (
            <p id="expense-reversal-reason-help" className="text-sm text-error">
              {error}
            </p>
          )}
        </div>
        <FormActions
          onCancel={onClose}
          submitLabel={t('expenses.reverse')}
          disabled={formState.isSubmitting}
          danger
        />
      </form>
    </Dialog>
  );
}
