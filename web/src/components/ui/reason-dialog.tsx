// Asks why before a correction the books keep (reversing a payment or an expense: docs/decisions/010-corrections.md):
// what happens, in a sentence, then the reason (required, at most 500 characters, the database's own limit), then
// Cancel and the action, drawn as a danger. `onSubmit` runs the write and says whether it went through; the
// dialog closes only then, so a refusal leaves what was typed.
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { lazySchema, useLazyResolver } from '@/lib/lazy-schema.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { Dialog, FormActions } from './dialog.tsx';

const reversalSchema = lazySchema(() =>
  import('@shared/schemas/sales.ts').then((m) => m.ReversalInputSchema),
);

export function ReasonDialog({
  title,
  text,
  label,
  placeholder,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  text: ReactNode;
  label: string;
  placeholder?: string;
  submitLabel: string;
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const form = useForm({ resolver: useLazyResolver(reversalSchema), defaultValues: { reason: '' } });
  const { register, handleSubmit, formState } = form;
  const error = validationMessage(intl, formState.errors.reason?.message);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={handleSubmit(async ({ reason }) => {
          if (await onSubmit(reason)) onClose();
        })}
      >
        <p>{text}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <textarea
            id={id}
            className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={500}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-help` : undefined}
            {...register('reason')}
          />
          {error && (
            <p id={`${id}-help`} className="text-sm text-error">
              {error}
            </p>
          )}
        </div>
        <FormActions onCancel={onClose} submitLabel={submitLabel} disabled={formState.isSubmitting} danger />
      </form>
    </Dialog>
  );
}
