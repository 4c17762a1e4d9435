// Reverse an expense: asks why, then takes it back with a counter-entry; the expense stays listed, marked
// reversed, and no longer counts in the totals (docs/decisions/010-corrections.md).
import { useIntl } from 'react-intl';
import { ReasonDialog } from '@/components/ui/reason-dialog.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useReverseExpense } from './api/expenses.ts';
import type { Expense } from './api/keys.ts';

export function ReverseExpenseDialog({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const reverse = useReverseExpense();
  const amount = formatMoney(expense.amount, expense.currency, intl.locale);
  return (
    <ReasonDialog
      title={t('expenses.reverseTitle')}
      text={t('expenses.reverseText', { amount, vendor: expense.vendor })}
      label={t('expenses.reason')}
      placeholder={t('expenses.reasonPlaceholder')}
      submitLabel={t('expenses.reverse')}
      onClose={onClose}
      onSubmit={async (reason) =>
        (
          await submitWrite(
            intl,
            () =>
              reverse.mutateAsync({
                id: expense.id,
                reason,
                label: t('expenses.reverseLabel', { amount, vendor: expense.vendor }),
              }),
            { success: 'expenses.reversed' },
          )
        ).ok
      }
    />
  );
}
