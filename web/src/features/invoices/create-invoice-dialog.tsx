// Create Invoice: a customer, lines (a product prefills description and price, or free text) with
// quantity, unit price and tax rate (the organization's by default), due date, status (QUOTE by default)
// and currency (the organization's). Paid (for the roles that record payments) asks how the total was paid:
// method, provider, date (today) and reference, recorded with the invoice. Totals show as the database will
// compute them. Given a quote, the same
// dialog edits it (PUT /api/invoices/:id): its customer, lines, due date and currency.
import { DraftNotice } from '@/components/ui/draft-notice.tsx';
import { draftName, useFormDraft } from '@/lib/form-draft.ts';
import { inPlaceOf, refusedInput, type OutboxEntry } from '@/lib/outbox.ts';
import { useBusinessProfile } from '@/lib/api/business-profile.ts';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { CURRENCIES, currencyChoices } from '@shared/countries.ts';
import type { InvoiceInput, PaymentDetails } from '@shared/schemas/sales.ts';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { Dialog, FormActions } from '@/components/ui/dialog.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { type BelowZero, BelowZeroWarning, belowZero } from '@/components/ui/below-zero-warning.tsx';
import { validationMessage } from '@/lib/validation-message.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { localDate } from '@shared/csv.ts';
import { useProductList } from '@/lib/api/products.ts';
import { isOnline } from '@/lib/connection.ts';
import { useCustomerList } from '@/features/customers/api/customers.ts';
import { submitWrite, useRefusalInForm } from '@/lib/feedback.ts';
import { useCreateInvoice, useUpdateQuote } from './api/invoices.ts';
import type { Invoice } from './api/keys.ts';
import { emptyLine, InvoiceLineFields, InvoiceTotals } from './invoice-line-fields.tsx';
import { CustomerPicker } from '@/features/customers/customer-picker.tsx';
import { PaymentFields } from '@/features/payments/payment-fields.tsx';
import { type ReferenceUse, useReferenceCheck } from '@/features/payments/api/payments.ts';
import { ReferenceWarning } from '@/features/payments/reference-warning.tsx';
import { useT } from '@/lib/i18n.tsx';

/** The day `days` after `day` (both YYYY-MM-DD), or '' when there are no terms. */
function dueAfterTerms(day: string, days: number | null | undefined): string {
  if (days == null) return '';
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const invoiceSchema = lazySchema(() => import('@shared/schemas/sales.ts').then((m) => m.InvoiceInputSchema));
const quoteSchema = lazySchema(() =>
  import('@shared/schemas/sales.ts').then(
    (m) => m.QuoteInputSchema as unknown as typeof m.InvoiceInputSchema,
  ),
);

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
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const update = useUpdateQuote();
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
      payment: {
        method: (was?.payment?.method ?? '') as never,
        provider: (was?.payment?.provider ?? null) as PaymentDetails['provider'],
        ref: was?.payment?.ref ?? '',
        receivedAt: was?.payment?.receivedAt ?? today,
      },
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
  const paymentError = (f: 'method' | 'provider' | 'ref' | 'receivedAt') =>
    validationMessage(intl, errors.payment?.[f]?.message);
  // An invoice issued takes its lines out of stock: below zero, it waits for the user to say so.
  // Its payment's reference, already used, waits for the user to say so too.
  const [warning, setWarning] = useState<
    | { kind: 'stock'; body: InvoiceInput; items: BelowZero[] }
    | { kind: 'reference'; body: InvoiceInput; uses: ReferenceUse[] }
    | null
  >(null);
  const checkReference = useReferenceCheck();
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setWarning(null) }), [subscribe]);
  const send = async (body: InvoiceInput) => {
    const lines = body.lines?.map((l) => ({ ...l, productId: l.productId || null }));
    if (quote) {
      const done = await submitWrite(
        intl,
        () =>
          update.mutateAsync({
            id: quote.id,
            input: {
              customerId: body.customerId,
              currency: body.currency,
              dueAt: body.dueAt || null,
              notes: quote.notes,
              lines: lines ?? [],
            },
          }),
        { success: 'invoices.quoteUpdated', draft, form },
      );
      if (!done.ok) return;
      onClose();
      return;
    }
    const done = await submitWrite(
      intl,
      () =>
        create.mutateAsync({
          ...body,
          ...inPlaceOf(refused),
          customerName: shownCustomer?.name,
          dueAt: body.dueAt || null,
          lines,
          payment:
            body.status === 'PAID' && body.payment
              ? {
                  ...body.payment,
                  provider: body.payment.method === 'mobile-money' ? body.payment.provider : null,
                }
              : undefined,
        }),
      // A quote is said to be one.
      { success: body.status === 'QUOTE' ? 'quotes.created' : 'invoices.created', draft, form },
    );
    if (!done.ok) return;
    const created = done.result;
    onClose();
    // Kept on the device: it gets its number, and its page, once the server has it.
    if (created) void navigate(`/sales/invoices/${created.id}`);
  };
  /** Sends the invoice once each warning from `from` on has been answered (or had nothing to say). */
  const proceed = async (body: InvoiceInput, from: 'stock' | 'reference') => {
    if (from === 'stock') {
      const items =
        body.status === 'QUOTE'
          ? []
          : belowZero(
              new Map(products.map((p) => [p.id, p])),
              (body.lines ?? []).map((l) => ({ productId: l.productId, delta: -l.qty })),
            );
      if (items.length) return setWarning({ kind: 'stock', body, items });
    }
    const ref = body.status === 'PAID' ? body.payment?.ref?.trim() : undefined;
    const uses = ref ? await checkReference(ref).catch(() => []) : [];
    if (uses.length) return setWarning({ kind: 'reference', body, uses });
    await send(body);
  };
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
        {!quote && status === 'PAID' && (
          <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="invoice-payment">
            <legend className="mb-1 font-semibold">{t('invoices.paidWith')}</legend>
            <PaymentFields form={form} prefix="payment." dateField="receivedAt" error={paymentError} />
          </fieldset>
        )}
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
            pending={formState.isSubmitting || create.isPending}
            onConfirm={() => void proceed(warning.body, 'reference')}
            onBack={() => setWarning(null)}
          />
        )}
        {warning?.kind === 'reference' && (
          <ReferenceWarning
            reference={warning.body.payment?.ref ?? ''}
            uses={warning.uses}
            pending={formState.isSubmitting || create.isPending}
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
