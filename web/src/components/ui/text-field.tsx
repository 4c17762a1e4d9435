import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { forwardRef } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input with its hint and its error under it (each field's error shows under that field). */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, hint, id, ...input },
  ref,
) {
  const fieldId = id ?? input.name;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={fieldId}
        className={`input input-bordered min-h-11 w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${fieldId}-help` : undefined}
        {...input}
      />
      {(error || hint) && (
        <p id={`${fieldId}-help`} className={`text-sm ${error ? 'text-error' : 'opacity-70'}`}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
});

type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** TextField's twin for a few lines of text (an address, a note). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, AreaProps>(function TextAreaField(
  { label, error, hint, id, rows = 3, ...input },
  ref,
) {
  const fieldId = id ?? input.name;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${fieldId}-help` : undefined}
        {...input}
      />
      {(error || hint) && (
        <p id={`${fieldId}-help`} className={`text-sm ${error ? 'text-error' : 'opacity-70'}`}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
});
