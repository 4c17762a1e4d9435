// Create Invoice: a customer, lines (a product prefills description and price, or free text) with
// quantity, unit price and tax rate (the organization's by default), due date, status (QUOTE by default)
// and currency (the organization's). Paid (for the roles that record payments) asks how the total was paid:
// method, provider, date (today) and reference, recorded with the invoice. Totals show as the database will
// compute them. Given a quote, the same
// dialog edits it (PUT /api/invoices/:id): its customer, lines, due date and currency.
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { draftName, useFormDraft } from '@/lib/form-draft.ts';
import { refusedInput, type OutboxEntry } from '@/lib/outbox.ts';
import { useBusinessProfile } from '@/lib/api/business-profile.ts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { CURRENCIES, currencyChoices } from '@shared/countries.ts';
import type { InvoiceInput } from '@shared/schemas/sales.ts';
import { useLazyResolver } from '@/lib/lazy-schema.ts';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { BelowZeroWarning } from '@/components/ui/below-zero-warning.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { localDate } from '@shared/csv.ts';
import { useProductList } from '@/lib/api/products.ts';
import { isOnline } from '@/lib/connection.ts';
import { useCustomerList } from '@/features/customers/api/customers.ts';
import { useRefusalInForm } from '@/lib/feedback.ts';
import type { Invoice } from '@shared/api/invoices.ts';
import { emptyLine, InvoiceLineFields, InvoiceTotals } from './invoice-line-fields.tsx';
import { CustomerPicker } from '@/features/customers/customer-picker.tsx';
import { ReferenceWarning } from '@/features/payments/reference-warning.tsx';
import { useT } from '@/lib/i18n.tsx';
import { dueAfterTerms, invoiceSchema, quoteSchema } from './invoice-form.ts';
import { PaidAtOnce, paymentDefaults } from './paid-at-once.tsx';
import { useSendInvoice } from './send-invoice.ts';

export function CreateInvoiceDialog({
  onClose,
  quote,
  refused,
}: {
  onClose: () => void;
  quote?: Invoice;
  /** A new invoice the server refused (Pending changes → Edit): what was typed, corrected and sent in its
   * place (with its id, so payments waiting for it stay with it). */
  refused?: OutboxEntry;
}) {
  const intl = useIntl();
  const t = useT();
  const org = useOrganization();
  const productList = useProductList({ search: '', offset: 0, limit: 500 });
  const products = productList.rows;
  // Offline before the device kept this shop's products or customers: the form says so, rather than open
  // with empty lists and nothing to say why (lines can be typed, and a customer added, meanwhile).
  const customersKept = useCustomerList('', 0, 6).query.data !== undefined;
  const notKept = !productList.query.data || !customersKept;
  const was = refusedInput<InvoiceInput>(refused);
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(
    quote?.customer ?? (was ? { id: was.customerId, name: refused?.label ?? '' } : null),
  );
  // Only the roles that record payments create an invoice as Paid (the database refuses the others).
  const canPay = useCan('payment.record');
  const validate = useLazyResolver(quote ? quoteSchema : invoiceSchema);
  // The payment's fields count only for an invoice created as Paid.
  const resolver: typeof validate = (values, context, options) =>
    validate({ ...values, payment: values.status === 'PAID' ? values.payment : undefined }, context, options);
  const terms = useBusinessProfile(org.id).data?.paymentTermsDays;
  const today = localDate(org.timezone);
  const form = useForm({
    resolver,
    defaultValues: {
      customerId: quote?.customer.id ?? was?.customerId ?? '',
      status: (was?.status ?? 'QUOTE') as InvoiceInput['status'],
      payment: paymentDefaults(was, today),
      currency: quote?.currency ?? was?.currency ?? org.currency,
      // A new invoice falls due after the business's payment terms (Settings > Business profile).
      dueAt: quote ? (quote.dueAt ?? '') : was ? (was.dueAt ?? '') : dueAfterTerms(today, terms),
      lines:
        (quote ?? was)
          ? (quote?.lines ?? was?.lines ?? []).map((l) => ({
              productId: l.productId ?? '',
              description: l.description,
              qty: l.qty as unknown,
              unitPrice: l.unitPrice as unknown,
              taxRate: l.taxRate as unknown,
            }))
          : [emptyLine(org.defaultTaxRate)],
    },
  });
  const { register, handleSubmit, formState, control, setValue } = form;
  const draft = useFormDraft(form, {
    orgId: org.id,
    name: quote ? `quote:${quote.id}` : refused ? draftName('invoice', undefined, refused.id) : 'invoice',
  });
  useRefusalInForm(form, refused?.refusal);
  // The customer chosen before, shown again with the restored draft until another is picked.
  const restoredCustomer = draft.values as { customerId?: string; customerName?: string } | null;
  const shownCustomer =
    customer ??
    (restoredCustomer?.customerId && restoredCustomer.customerName
      ? { id: restoredCustomer.customerId, name: restoredCustomer.customerName }
      : null);
  const watched = useWatch({ control, name: 'lines' }) ?? [];
  const currency = useWatch({ control, name: 'currency' }) ?? org.currency;
  const status = useWatch({ control, name: 'status' });
  const errors = formState.errors;
  const { warning, setWarning, send, proceed, sending } = useSendInvoice({
    form,
    draft,
    quote,
    refused,
    customerName: shownCustomer?.name,
    products,
    onClose,
  });
  return (
    <Dialog title={t(quote ? 'invoices.editQuote' : 'invoices.create')} onClose={onClose} wide>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit((input) => proceed(input as InvoiceInput, 'stock'))}
      >
        <DraftNotice draft={draft} />
        {notKept && !isOnline() && (
          <p role="status" className="alert alert-info text-sm" data-testid="lists-not-kept">
            {t('invoices.listsNotKept')}
          </p>
        )}
        <Controller
          control={control}
          name="customerId"
          render={({ field }) => (
            <CustomerPicker
              value={shownCustomer}
              error={validationMessage(intl, errors.customerId?.message)}
              onChange={(c) => {
                setCustomer(c);
                // Kept with the draft, so a restored form shows who the invoice is for.
                setValue('customerName' as never, (c?.name ?? '') as never);
                field.onChange(c?.id ?? '');
              }}
            />
          )}
        />
        <InvoiceLineFields form={form} products={products} currency={currency} taxRate={org.defaultTaxRate} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField label={t('invoices.dueDate')} type="date" {...register('dueAt')} />
          {!quote && (
            <SelectField
              label={t('invoices.status')}
              options={(canPay ? (['QUOTE', 'ISSUED', 'PAID'] as const) : (['QUOTE', 'ISSUED'] as const)).map(
                (s) => ({
                  value: s,
                  label: t(`invoices.status.${s}`),
                }),
              )}
              {...register('status')}
            />
          )}
          <SelectField
            label={t('invoices.currency')}
            // A retired currency (SLL) only for a quote already in it.
            options={currencyChoices(Object.keys(CURRENCIES), quote?.currency).map((c) => ({
              value: c,
              label: c,
            }))}
            {...register('currency')}
          />
        </div>
        {!quote && status === 'PAID' && <PaidAtOnce form={form} />}
        <InvoiceTotals lines={watched} currency={currency} />
        {'lines' in errors && errors.lines?.message && (
          <p className="text-sm text-error">{validationMessage(intl, errors.lines.message)}</p>
        )}
        {errors.total && (
          <p className="text-sm text-error">{validationMessage(intl, errors.total.message)}</p>
        )}
        {warning?.kind === 'stock' && (
          <BelowZeroWarning
            items={warning.items}
            pending={formState.isSubmitting || sending}
            onConfirm={() => void proceed(warning.body, 'reference')}
            onBack={() => setWarning(null)}
          />
        )}
        {warning?.kind === 'reference' && (
          <ReferenceWarning
            reference={warning.body.payment?.ref ?? ''}
            uses={warning.uses}
            pending={formState.isSubmitting || sending}
            onConfirm={() => void send(warning.body)}
            onBack={() => setWarning(null)}
          />
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={
            quote
              ? t('invoices.saveQuote')
              : formState.isSubmitting
                ? t('invoices.creating')
                : t('invoices.create')
          }
          disabled={formState.isSubmitting || warning !== null}
        />
      </form>
    </Dialog>
  );
}
