// What a person is told after a write: the screen's success toast (or "Saved on this device" when the change
// was kept to be sent later), or why it failed, in their language. One place for both, so every screen says
// it the same way.
import { useEffect } from 'react';
import type { IntlShape } from 'react-intl';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { notify } from '@/components/ui/notify.tsx';
import { errorMessage, type Refusal, refusalOf, refusedFields } from './validation-message.ts';

/** The success toast of a write, or, when it was kept on the device (`null`), says so. */
export function notifySaved(
  intl: IntlShape,
  result: unknown,
  messageId: string,
  values?: Record<string, unknown>,
) {
  if (result === null)
    notify({
      title: intl.formatMessage({ id: 'outbox.savedOffline' }),
      description: intl.formatMessage({ id: 'outbox.savedOfflineText' }),
    });
  else
    notify({
      title: intl.formatMessage({ id: 'common.success' }),
      description: intl.formatMessage({ id: messageId }, values as never),
    });
}

/** The error toast of a failed call: "Error" and the reason in the user's language. */
export function notifyError(intl: IntlShape, error: unknown) {
  notify({
    variant: 'error',
    title: intl.formatMessage({ id: 'common.error' }),
    description: errorMessage(intl, error),
  });
}

/**
 * Shows a refusal that names a field of the form (a taken SKU, a taken name; or each field of an
 * INVALID_INPUT answer) under that field, and moves the focus there. The message is the reason code, which
 * the form's field translates as it does its own checks. False when the refusal names no field of the form.
 */
export function showRefusalInForm<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  refusal: Refusal | undefined,
): boolean {
  const values = form.getValues() as Record<string, unknown>;
  const fields = refusedFields(refusal, (field) => field in values);
  fields.forEach((f, i) =>
    form.setError(f.field as Path<T>, { type: 'server', message: f.message }, { shouldFocus: i === 0 }),
  );
  return fields.length > 0;
}

/**
 * A change the server refused, opened again to be corrected (Pending changes → Edit): its form shows the
 * reason under the field it names from the start, as it would have right after pressing Save online.
 */
export function useRefusalInForm<T extends FieldValues>(
  form: UseFormReturn<T>,
  refusal: Refusal | undefined,
) {
  useEffect(() => {
    showRefusalInForm(form, refusal);
    // Once, when the form opens: what the person then types is checked again on Save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Runs a form's write and says how it went: on success the draft is forgotten and the success toast shown;
 * on failure the reason is shown (in a toast, and under the field it names when `form` is given) and the
 * draft kept (nothing typed is lost). `result` is the server's answer, or `null` when the change was kept on
 * the device to be sent later.
 */
export async function submitWrite<T, F extends FieldValues = FieldValues>(
  intl: IntlShape,
  write: () => Promise<T | null>,
  options: {
    success: string;
    values?: Record<string, unknown>;
    draft?: { clear: () => void };
    form?: UseFormReturn<F>;
  },
): Promise<{ ok: true; result: T | null } | { ok: false }> {
  let result: T | null;
  try {
    result = await write();
  } catch (e) {
    notifyError(intl, e);
    if (options.form) showRefusalInForm(options.form, refusalOf(e));
    return { ok: false };
  }
  options.draft?.clear();
  notifySaved(intl, result, options.success, options.values);
  return { ok: true, result };
}
