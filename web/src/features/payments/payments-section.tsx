// Payments with Record Payment above them, for the Accounting page (composed there by app/router.tsx):
// the button is for those who may record a payment, and says when no issued invoice is left to pay.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useIssuedToPay } from './api/payments.ts';
import { PaymentsTab } from './payments-tab.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

export function PaymentsSection() {
  const intl = useIntl();
  const canRecord = useCan('payment.record');
  const [recording, setRecording] = useState(false);
  const org = useOrganization();
  // The server's ISSUED invoices and those made on this device, less what is already paid or queued.
  const { invoices, loaded } = useIssuedToPay(org.id);
  const nothingToPay = invoices.length === 0;
  return (
    <div className="flex flex-col gap-4">
      {canRecord && (
        <div className="flex flex-col items-stretch gap-1 sm:items-end">
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={nothingToPay}
            onClick={() => setRecording(true)}
          >
            <FormattedMessage id="payments.record" />
          </button>
          {loaded && nothingToPay && (
            <p className="text-sm opacity-70">{intl.formatMessage({ id: 'payments.noIssued' })}</p>
          )}
        </div>
      )}
      <PaymentsTab />
      {recording && <RecordPaymentDialog onClose={() => setRecording(false)} />}
    </div>
  );
}
