import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '@/lib/api-client.ts';
import { useOnline } from '@/lib/connection.ts';
import { errorMessage } from '@/lib/validation-message.ts';

/**
 * The waiting state of a screen or list whose data (or code) is not there yet: "Loading..." (or "Setting up
 * your workspace...") while it can come; offline, that it is not kept on this device yet and will load when
 * the connection is back — never a spinner that cannot end, nor an empty list that claims there is nothing.
 */
export function Loading({
  messageId = 'common.loading',
}: {
  messageId?: 'common.loading' | 'common.settingUp';
}) {
  const online = useOnline();
  if (!online)
    return (
      <div
        role="status"
        data-testid="not-kept"
        className="flex min-h-[30vh] flex-col items-center justify-center gap-1 px-4 text-center"
      >
        <p className="font-medium">
          <FormattedMessage id="common.notKept" />
        </p>
        <p className="text-sm opacity-75">
          <FormattedMessage id="common.notKeptText" />
        </p>
      </div>
    );
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3">
      <span className="loading loading-spinner text-primary" aria-hidden />
      <FormattedMessage id={messageId} />
    </div>
  );
}

/** A list that is not there: waiting for it (see Loading), or, online, "Could not load this list". */
export function NotLoaded({ failed }: { failed: boolean }) {
  const online = useOnline();
  if (failed && online)
    return (
      <p className="text-error">
        <FormattedMessage id="common.loadFailed" />
      </p>
    );
  return <Loading />;
}

/**
 * What a visitor's page (a shared invoice or statement, an invitation) says when its link did not load:
 * that the link is no longer valid (404, 410), or else why, in their language (too many requests from
 * their connection, the server busy), since the link itself may be fine.
 */
export function LinkNotLoaded({ error, invalidId }: { error: unknown; invalidId: string }) {
  const intl = useIntl();
  const invalid = error instanceof ApiError && (error.status === 404 || error.status === 410);
  return <p role="alert">{invalid ? intl.formatMessage({ id: invalidId }) : errorMessage(intl, error)}</p>;
}
