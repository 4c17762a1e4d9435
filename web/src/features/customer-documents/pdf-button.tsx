// "Download PDF": says it is working while the PDF writer and its fonts arrive (the first time, about
// 700 KB on a slow line) and the file is written, and says why when it could not be (offline before the
// writer was ever fetched).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { notify } from '@/components/ui/notify.tsx';

export function PdfButton({ make, label }: { make: () => Promise<void>; label?: string }) {
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline min-h-11"
      disabled={pending}
      aria-busy={pending}
      onClick={async () => {
        setPending(true);
        try {
          await make();
        } catch {
          notify({
            variant: 'error',
            title: intl.formatMessage({ id: 'common.error' }),
            description: intl.formatMessage({
              id: navigator.onLine ? 'documents.pdfFailed' : 'documents.pdfOffline',
            }),
          });
        } finally {
          setPending(false);
        }
      }}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden />}
      {pending
        ? intl.formatMessage({ id: 'documents.pdfPreparing' })
        : (label ?? intl.formatMessage({ id: 'invoices.pdf' }))}
    </button>
  );
}
