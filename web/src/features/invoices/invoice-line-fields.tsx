// The lines of an invoice being written, and its totals as the database will compute them: each line a
// product (which fills in its description and price) or free text, a quantity, a unit price in the invoice's
// currency and a tax rate, all typed the user's way (AmountField). Used by Create Invoice (and Edit quote).
import {
  type ArrayPath,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useFieldArray,
} from 'react-hook-form';
import { useIntl } from 'react-intl';
import { invoiceTotals } from '@shared/invoice-totals.ts';
import { AmountField } from '@/components/ui/amount-field.tsx';
import { LineItems } from '@/components/ui/line-items.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import type { Product } from '@shared/api/products.ts';
import { useT } from '@/lib/i18n.tsx';
import { QUANTITY_DECIMALS, currencyDecimals, formatMoney } from '@/lib/money.ts';
import { validationMessage } from '@/lib/validation-message.ts';

/** A line as the form holds it: numbers as typed so far ('' when empty, NaN when unreadable). */
export interface LineDraft {
  productId: string;
  description: string;
  qty: unknown;
  unitPrice: unknown;
  taxRate: unknown;
}

/** A new line: one of nothing yet, at the organization's tax rate. */
export const emptyLine = (taxRate: number): LineDraft => ({
  productId: '',
  description: '',
  qty: 1,
  unitPrice: '',
  taxRate,
});

type LineField = 'description' | 'qty' | 'unitPrice' | 'taxRate';

/** The invoice form's `lines`: one row of fields per line, with Add and Remove. */
export function InvoiceLineFields<T extends FieldValues>({
  form,
  products,
  currency,
  taxRate,
}: {
  form: UseFormReturn<T>;
  /** The products a line may be for (free text otherwise). */
  products: Pick<Product, 'id' | 'name' | 'sku' | 'price'>[];
  currency: string;
  /** The tax rate of a line added. */
  taxRate: number;
}) {
  const intl = useIntl();
  const t = useT();
  const { register, control, setValue, formState } = form;
  const lines = useFieldArray({ control, name: 'lines' as ArrayPath<T> });
  const at = (i: number, field: keyof LineDraft) => `lines.${i}.${field}` as Path<T>;
  const errors = formState.errors.lines as { [f in LineField]?: { message?: string } }[] | undefined;
  const lineError = (i: number, f: LineField) => validationMessage(intl, errors?.[i]?.[f]?.message);
  return (
    <LineItems
      legend={t('invoices.lines')}
      rows={lines.fields}
      gridClassName="grid-cols-3 sm:grid-cols-[2fr_3fr_1fr_1fr_1fr_auto]"
      lineTestId="invoice-line"
      renderLine={(i) => (
        <>
          <div className="col-span-3 sm:col-span-1">
            <SelectField
              id={`line-${i}-product`}
              label={t('invoices.product')}
              placeholder={t('invoices.noProduct')}
              options={products.map((p) => ({
                value: p.id,
                label: p.sku ? `${p.name} (${p.sku})` : p.name,
              }))}
              {...register(at(i, 'productId'), {
                onChange: (e: { target: { value: string } }) => {
                  const p = products.find((x) => x.id === e.target.value);
                  if (!p) return;
                  setValue(at(i, 'description'), p.name as never, { shouldValidate: true });
                  setValue(at(i, 'unitPrice'), p.price as never, { shouldValidate: true });
                },
              })}
            />
          </div>
          <div className="col-span-3 sm:col-span-1">
            <TextField
              id={`line-${i}-description`}
              label={t('invoices.description')}
              maxLength={500}
              error={lineError(i, 'description')}
              {...register(at(i, 'description'))}
            />
          </div>
          <AmountField
            id={`line-${i}-qty`}
            label={t('invoices.qty')}
            control={control}
            name={at(i, 'qty')}
            decimals={QUANTITY_DECIMALS}
            error={lineError(i, 'qty')}
          />
          <AmountField
            id={`line-${i}-price`}
            label={t('invoices.unitPrice')}
            control={control}
            name={at(i, 'unitPrice')}
            decimals={currencyDecimals(currency)}
            currency={currency}
            error={lineError(i, 'unitPrice')}
          />
          <AmountField
            id={`line-${i}-tax`}
            label={t('invoices.taxRate')}
            control={control}
            name={at(i, 'taxRate')}
            decimals={2}
            error={lineError(i, 'taxRate')}
          />
        </>
      )}
      onAdd={() => lines.append(emptyLine(taxRate) as never)}
      onRemove={(i) => lines.remove(i)}
      addLabel={t('invoices.addLine')}
      removeLabel={t('invoices.removeLine')}
    />
  );
}

/** A line's number as typed so far: one not readable yet counts as 0 in the totals. */
const known = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/** Subtotal, tax and total of the lines as typed, in the invoice's currency and the user's way of writing. */
export function InvoiceTotals({
  lines,
  currency,
}: {
  lines: { qty: unknown; unitPrice: unknown; taxRate?: unknown }[];
  currency: string;
}) {
  const intl = useIntl();
  const t = useT();
  const totals = invoiceTotals(
    lines.map((l) => ({ qty: known(l.qty), unitPrice: known(l.unitPrice), taxRate: known(l.taxRate) })),
    currency,
  );
  const money = (n: number) => formatMoney(n, currency, intl.locale);
  return (
    <dl className="ml-auto grid grid-cols-2 gap-x-6 text-right" data-testid="invoice-totals">
      <dt>{t('invoices.subtotal')}</dt>
      <dd>{money(totals.subtotal)}</dd>
      <dt>{t('invoices.tax')}</dt>
      <dd>{money(totals.tax)}</dd>
      <dt className="font-semibold">{t('invoices.total')}</dt>
      <dd className="font-semibold">{money(totals.total)}</dd>
    </dl>
  );
}
