import type { SelectHTMLAttributes } from 'react';
import { forwardRef } from 'react';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

/** A labelled select with its hint and its error under it, like TextField. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, hint, id, options, placeholder, ...select },
  ref,
) {
  const fieldId = id ?? select.name;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={fieldId}
        className={`select select-bordered min-h-11 w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${fieldId}-help` : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {(error || hint) && (
        <p id={`${fieldId}-help`} className={`text-sm ${error ? 'text-error' : 'opacity-70'}`}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
});
