// Every money and quantity input: typed as text the user's way (150,75 in French, 150.75 in English, 1 500
// with spaces), read by the one parser (lib/money.ts), with the reason under the field when it cannot be
// read. The form holds the number: '' when empty (the schema's "required"), NaN when unreadable (the schema
// refuses it, so nothing is saved). Not focused, the field shows the value in the user's locale.
import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { type AmountReason, parseAmount } from '@/lib/money.ts';
import { TextField } from './text-field.tsx';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Decimals allowed: the currency's, a quantity's (3), a whole number's (0). */
  decimals: number;
  /** Money in this currency: its reasons name it ("XOF has no decimals"). */
  currency?: string;
  /** A stock adjustment may be negative (taken out). */
  negative?: boolean;
  /** The form's own refusal of the value (already translated). */
  error?: string;
  hint?: string;
  placeholder?: string;
  id?: string;
};

/** How a number is shown to the user: grouped in their locale, money with all its decimals or none. */
export function formatAmount(value: number, decimals: number, locale: string, money: boolean): string {
  const fraction = money && !Number.isInteger(value) ? decimals : 0;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fraction,
    maximumFractionDigits: decimals,
  }).format(value);
}

const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
};

export function AmountField<T extends FieldValues>({
  control,
  name,
  label,
  decimals,
  currency,
  negative,
  error,
  hint,
  placeholder,
  id,
}: Props<T>) {
  const intl = useIntl();
  const {
    field: { ref, name: fieldName, value: fieldValue, onChange, onBlur },
  } = useController({ control, name });
  const money = currency !== undefined;
  const shown = (value: unknown) => {
    const n = asNumber(value);
    return n === undefined ? '' : formatAmount(n, decimals, intl.locale, money);
  };
  const [text, setText] = useState(() => shown(fieldValue));
  const [focused, setFocused] = useState(false);
  // The value this field last gave the form: any other comes from outside (a product chosen, a draft
  // restored, the form reset) and replaces the text.
  const given = useRef<unknown>(fieldValue);
  const parsed = parseAmount(text, { locale: intl.locale, decimals, negative });
  const reason: AmountReason | undefined = parsed.ok ? undefined : parsed.reason;

  useEffect(() => {
    if (Object.is(fieldValue, given.current)) return;
    given.current = fieldValue;
    setText(shown(fieldValue));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a value from outside resets the text
  }, [fieldValue]);

  const give = (value: number | '') => {
    given.current = value;
    onChange(value);
  };
  // The currency (so its decimals) may change under a typed amount: read it again.
  const rules = useRef(`${decimals} ${intl.locale}`);
  useEffect(() => {
    if (rules.current === `${decimals} ${intl.locale}`) return;
    rules.current = `${decimals} ${intl.locale}`;
    const value = parsed.ok ? parsed.value : reason === 'EMPTY' ? '' : Number.NaN;
    if (!Object.is(value, given.current)) give(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of rules only
  }, [decimals, intl.locale]);

  const example = formatAmount(decimals === 0 ? 1500 : 150.75, decimals, intl.locale, money);
  const reasonText = !reason || reason === 'EMPTY' ? undefined : message(reason);
  function message(r: Exclude<AmountReason, 'EMPTY'>): string {
    const kind = money ? 'amount' : 'number';
    if (r === 'NEGATIVE') return intl.formatMessage({ id: 'amount.negative' });
    if (r === 'TOO_MANY_DECIMALS') {
      if (decimals === 0)
        return money
          ? intl.formatMessage({ id: 'amount.noDecimals' }, { currency })
          : intl.formatMessage({ id: 'amount.wholeNumber' });
      return intl.formatMessage({ id: 'amount.tooManyDecimals' }, { decimals, example });
    }
    return intl.formatMessage({ id: `amount.${kind}Like` }, { example });
  }

  return (
    <TextField
      ref={ref}
      id={id}
      name={fieldName}
      label={label}
      type="text"
      inputMode={negative ? 'text' : 'decimal'}
      autoComplete="off"
      placeholder={placeholder}
      hint={hint}
      error={(reasonText && (!focused || error) ? reasonText : undefined) ?? error}
      value={text}
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const p = parseAmount(next, { locale: intl.locale, decimals, negative });
        give(p.ok ? p.value : p.reason === 'EMPTY' ? '' : Number.NaN);
      }}
      onBlur={() => {
        setFocused(false);
        if (parsed.ok) setText(formatAmount(parsed.value, decimals, intl.locale, money));
        onBlur();
      }}
    />
  );
}
