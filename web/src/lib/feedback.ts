// What a person is told after a write: the screen's success toast (or "Saved on this device" when the change
// was kept to be sent later), or why it failed, in their language. One place for both, so every screen says
// it the same way.
import type { IntlShape } from 'react-intl';
import { notify } from '../components/ui/notify.tsx';
import { errorMessage } from './validation-message.ts';

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
 * Runs a form's write and says how it went: on success the draft is forgotten and the success toast shown;
 * on failure the reason is shown and the draft kept (nothing typed is lost). `result` is the server's
 * answer, or `null` when the change was kept on the device to be sent later.
 */
export async function submitWrite<T>(
  intl: IntlShape,
  write: () => Promise<T | null>,
  options: { success: string; values?: Record<string, unknown>; draft?: { clear: () => void } },
): Promise<{ ok: true; result: T | null } | { ok: false }> {
  let result: T | null;
  try {
    result = await write();
  } catch (e) {
    notifyError(intl, e);
    return { ok: false };
  }
  options.draft?.clear();
  notifySaved(intl, result, options.success, options.values);
  return { ok: true, result };
}
