// /sales/invoices/:id: the whole invoice with the moves it allows — Edit and Issue a quote, Record Payment,
// Void — and Print, Download PDF and Share (a revocable public link, sent by WhatsApp or copied); under it,
// its payments with Reverse and Delete (invoice-payments.tsx), and what this device has not sent yet above it
// (pending-money-panel.tsx): a payment taken offline lowers the balance the dialog offers at once.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { BelowZeroWarning, belowZero } from '@/components/ui/below-zero-warning.tsx';
import { useProductList } from '@/lib/api/products.ts';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/validation-message.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { useOutboxEntries } from '@/lib/use-outbox.ts';
import { PendingInvoice } from './pending-invoice.tsx';
import { useSeller } from '@/lib/api/business-profile.ts';
import { currentUserQuery } from '@/lib/session/current-user.ts';
import { CreateInvoiceDialog } from './create-invoice-dialog.tsx';
import { CreditNoteDialog } from '@/features/credit-notes/credit-note-dialog.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useInvoice, useInvoiceAction } from './api/invoices.ts';
import { PdfButton } from '@/features/customer-documents/pdf-button.tsx';
import { downloadPdf } from '@/features/customer-documents/pdf/download.ts';
import { InvoiceDocument, type InvoiceDocumentData } from './invoice-document.tsx';
import { InvoicePayments } from '@/features/payments/invoice-payments.tsx';
import { PendingMoneyPanel } from '@/features/payments/pending-money-panel.tsx';
import { balanceOnceSent, pendingOnInvoice } from '@/features/payments/pending-money.ts';
import { RecordPaymentDialog } from '@/features/payments/record-payment-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { SendMailButton } from '@/features/customer-documents/send-mail.tsx';
import { ReminderWhatsApp } from './reminder-whatsapp.tsx';
import { submitWrite } from '@/lib/feedback.ts';
import { InLanguage, useT } from '@/lib/i18n.tsx';
import { documentLanguage } from '@shared/countries.ts';

export function InvoicePage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const t = useT();
  const seller = useSeller();
  const invoice = useInvoice(id);
  const action = useInvoiceAction();
  const canPay = useCan('payment.record');
  const canCredit = useCan('creditNote.issue');
  const canEditAny = useCan('invoice.edit');
  const canEditOwn = useCan('invoice.editOwn');
  const me = useQuery(currentUserQuery).data?.id;
  const [open, setOpen] = useState<'pay' | 'void' | 'share' | 'edit' | 'issue' | 'credit' | null>(null);
  const products = useProductList({ search: '', offset: 0, limit: 500 }).rows;
  // An invoice made on this device and not sent yet: what was typed, and its payment (pending-invoice.tsx).
  const orgId = useOrganization().id;
  const entries = useOutboxEntries();
  const made = entries.find(
    (e) => e.orgId === orgId && e.creates?.store === 'invoices' && e.creates.row.id === id,
  );
  if (!invoice.data && made) return <PendingInvoice entry={made} />;
  // What this device already has is shown even when the refresh fails (offline); "does not exist" is said
  // only when the server said so, any other failure is said as it is.
  // (Read again — as right after an invoice made on this device reaches the server — it is loading.)
  if (invoice.isError && !invoice.data && !invoice.isFetching)
    return (
      <section className="mx-auto max-w-3xl p-4">
        <p role="alert">
          {!(invoice.error instanceof ApiError)
            ? t('invoices.unreachable')
            : invoice.error.status === 404
              ? t('invoices.notFound')
              : errorMessage(intl, invoice.error)}
        </p>
        <Link to="/sales" className="link">
          {t('invoices.back')}
        </Link>
      </section>
    );
  if (!invoice.data) return <Loading />;
  const inv = invoice.data;
  // What this device did to the invoice's money and has not sent yet (shown, and counted in the balance).
  const pending = pendingOnInvoice(inv, entries, orgId);
  const balanceAfter = balanceOnceSent(inv, pending);
  // A salesperson changes only the quotes they made (the database says the same).
  const mine = me !== undefined && inv.createdBy === me;
  const canChange = canEditAny || (canEditOwn && mine && inv.status === 'QUOTE');
  const run = async (what: 'issue' | 'void') => {
    const label = t(what === 'issue' ? 'invoices.issueLabel' : 'invoices.voidLabel', { number: inv.number });
    const done = await submitWrite(intl, () => action.mutateAsync({ id: inv.id, action: what, label }), {
      success: what === 'issue' ? 'invoices.issued' : 'invoices.voided',
    });
    if (!done.ok) return;
    // Close only the dialog this action came from: a payment opened meanwhile (the issued invoice offers
    // Record Payment as soon as it shows as issued, before the answer's toast is up) stays open.
    setOpen((current) => (current === what ? null : current));
  };
  // Issuing takes the lines out of stock: below zero, it waits for the user to say so.
  const shortOf = belowZero(
    new Map(products.map((p) => [p.id, p])),
    inv.lines.map((l) => ({ productId: l.productId, delta: -l.qty })),
  );
  // The document (printed, downloaded) lists the payments that count: a reversed one is shown below only.
  const document: InvoiceDocumentData = {
    ...inv,
    payments: inv.payments.filter((p) => !p.reversal),
    organization: seller,
  };
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4 p-4 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/sales" className="link min-h-11 content-center">
          ← {t('invoices.back')}
        </Link>
        <div className="flex flex-wrap gap-2">
          {inv.status === 'QUOTE' && canChange && (
            <button
              type="button"
              className="btn btn-primary min-h-11"
              disabled={action.isPending}
              onClick={() => (shortOf.length ? setOpen('issue') : void run('issue'))}
            >
              {t('invoices.issue')}
            </button>
          )}
          {inv.status === 'QUOTE' && canChange && (
            <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen('edit')}>
              {t('invoices.editQuote')}
            </button>
          )}
          {inv.status === 'ISSUED' && canPay && balanceAfter > 0 && (
            <button type="button" className="btn btn-primary min-h-11" onClick={() => setOpen('pay')}>
              {t('payments.record')}
            </button>
          )}
          {(inv.status === 'ISSUED' || inv.status === 'PAID') && canCredit && (
            <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen('credit')}>
              {t('creditNotes.create')}
            </button>
          )}
          {(inv.status === 'QUOTE' ||
            (inv.status === 'ISSUED' && inv.amountPaid === 0 && !(inv.amountCredited > 0))) &&
            canChange && (
              <button
                type="button"
                className="btn btn-outline btn-error min-h-11"
                onClick={() => setOpen('void')}
              >
                {t('invoices.void')}
              </button>
            )}
          <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
            {t('invoices.print')}
          </button>
          <PdfButton make={() => downloadPdf(document)} />
          <ReminderWhatsApp invoice={inv} />
          <button type="button" className="btn btn-outline min-h-11" onClick={() => setOpen('share')}>
            {t('invoices.share')}
          </button>
          <SendMailButton target={{ kind: 'invoice', id: inv.id }} email={inv.customer.email} />
        </div>
      </div>
      {inv.shared && (
        <p className="text-sm opacity-70 print:hidden">
          <FormattedMessage id="invoices.sharedNow" />
        </p>
      )}
      <PendingMoneyPanel invoice={inv} pending={pending} />
      {/* The document as the customer receives it: in the business's language. */}
      <InLanguage locale={documentLanguage(document.organization.country)}>
        <InvoiceDocument data={document} receiptHref={(n) => `/sales/invoices/${inv.id}/receipts/${n}`} />
      </InLanguage>
      {inv.creditNotes?.length > 0 && (
        <section className="flex flex-col gap-1 print:hidden" data-testid="credit-notes">
          <h2 className="font-semibold">{t('creditNotes.heading')}</h2>
          <ul className="text-sm">
            {inv.creditNotes.map((n) => (
              <li
                key={n.id}
                className="flex items-center justify-between gap-2 border-b border-base-200 py-1"
              >
                <Link
                  to={`/sales/invoices/${inv.id}/credit-notes/${n.number}`}
                  className="link min-h-11 content-center font-mono"
                >
                  {n.number}
                </Link>
                <span className="min-w-0 flex-1 truncate opacity-70">{n.reason}</span>
                <span>{formatMoney(n.total, inv.currency, intl.locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <InvoicePayments invoice={inv} pending={pending} />
      {open === 'pay' && (
        <RecordPaymentDialog
          invoice={{
            id: inv.id,
            number: inv.number,
            currency: inv.currency,
            balance: balanceAfter,
            queued: pending.filter((c) => c.kind === 'payment').reduce((sum, c) => sum + c.amount, 0),
            customer: inv.customer,
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'void' && (
        <ConfirmDialog
          title={t('invoices.voidTitle')}
          message={t('invoices.voidConfirm')}
          confirmLabel={t('invoices.voidAction')}
          cancelLabel={t('invoices.keep')}
          pending={action.isPending}
          onConfirm={() => run('void')}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'issue' && (
        <Dialog title={t('invoices.issue')} onClose={() => setOpen(null)}>
          <BelowZeroWarning
            items={shortOf}
            pending={action.isPending}
            onConfirm={() => void run('issue')}
            onBack={() => setOpen(null)}
          />
        </Dialog>
      )}
      {open === 'edit' && <CreateInvoiceDialog quote={inv} onClose={() => setOpen(null)} />}
      {open === 'share' && <ShareDialog invoice={inv} onClose={() => setOpen(null)} />}
      {open === 'credit' && <CreditNoteDialog invoice={inv} onClose={() => setOpen(null)} />}
    </section>
  );
}
