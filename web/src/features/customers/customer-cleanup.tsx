// Cleaning up customers (owners and managers): one entered by mistake is deleted, one entered twice is merged
// into the customer kept. Both go through the outbox like every customer write (offline they are sent later,
// after the changes made before them). A customer with invoices or subscriptions is refused by the server
// with its reason: the dialog says it and offers the merge instead.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog, DialogActions } from '@/components/ui/dialog.tsx';
import { notifyError, notifySaved } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';
import { refusalMessage, refusalOf, type Refusal } from '@/lib/validation-message.ts';
import { useDeleteCustomer, useMergeCustomer } from './api/customers.ts';
import type { Customer } from '@shared/api/customers.ts';
import { CustomerPicker } from './customer-picker.tsx';

/** The refusals that mean "merge this customer instead". */
const MERGE_INSTEAD = new Set([
  'CUSTOMER_HAS_INVOICES',
  'CUSTOMER_HAS_SUBSCRIPTIONS',
  'CUSTOMER_HAS_DOCUMENTS',
]);

export function DeleteCustomerDialog({
  customer,
  onClose,
  onMerge,
}: {
  customer: Pick<Customer, 'id' | 'name'>;
  onClose: () => void;
  /** Opens the merge of this customer, offered when it cannot be deleted. */
  onMerge: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const remove = useDeleteCustomer();
  const [refused, setRefused] = useState<Refusal | null>(null);
  const name = customer.name;
  const confirm = async () => {
    try {
      const result = await remove.mutateAsync({
        id: customer.id,
        label: t('customers.deleteLabel', { name }),
      });
      notifySaved(intl, result, 'customers.deleted');
      onClose();
    } catch (e) {
      const refusal = refusalOf(e);
      if (MERGE_INSTEAD.has(refusal.reason ?? '')) setRefused(refusal);
      else notifyError(intl, e);
    }
  };
  if (refused)
    return (
      <Dialog title={t('customers.cannotDelete', { name })} onClose={onClose}>
        <p role="alert" data-testid="delete-refused">
          {refusalMessage(intl, refused)}
        </p>
        <DialogActions>
          <button type="button" className="btn min-h-11" onClick={onClose}>
            {t('customers.keep')}
          </button>
          <button type="button" className="btn btn-primary min-h-11" onClick={onMerge}>
            {t('customers.merge')}
          </button>
        </DialogActions>
      </Dialog>
    );
  return (
    <Dialog title={t('customers.deleteTitle', { name })} onClose={onClose}>
      <p>{t('customers.deleteConfirm', { name })}</p>
      <DialogActions>
        <button type="button" className="btn min-h-11" onClick={onClose}>
          {t('customers.keep')}
        </button>
        <button
          type="button"
          className="btn btn-error min-h-11"
          disabled={remove.isPending}
          onClick={() => void confirm()}
        >
          {t('customers.delete')}
        </button>
      </DialogActions>
    </Dialog>
  );
}

export function MergeCustomerDialog({
  customer,
  onClose,
}: {
  customer: Pick<Customer, 'id' | 'name'>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = useT();
  const merge = useMergeCustomer();
  const [into, setInto] = useState<{ id: string; name: string } | null>(null);
  const from = customer.name;
  const confirm = async (kept: { id: string; name: string }) => {
    try {
      const result = await merge.mutateAsync({
        id: customer.id,
        into: kept.id,
        label: t('customers.mergeLabel', { from, into: kept.name }),
      });
      notifySaved(intl, result, 'customers.merged', {
        from,
        into: kept.name,
        invoices: result?.moved.invoices ?? 0,
        subscriptions: result?.moved.subscriptions ?? 0,
      });
      onClose();
    } catch (e) {
      notifyError(intl, e);
    }
  };
  return (
    <Dialog title={t('customers.mergeTitle', { name: from })} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <CustomerPicker
          value={into}
          onChange={setInto}
          label={t('customers.mergeInto')}
          exclude={customer.id}
          canAdd={false}
        />
        {into && (
          <p className="alert alert-warning break-words" data-testid="merge-what">
            {t('customers.mergeWhat', { from, into: into.name })}
          </p>
        )}
      </div>
      <DialogActions>
        <button type="button" className="btn min-h-11" onClick={onClose}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
        <button
          type="button"
          className="btn btn-error min-h-11"
          disabled={!into || merge.isPending}
          onClick={() => into && void confirm(into)}
        >
          {t('customers.mergeConfirm')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
