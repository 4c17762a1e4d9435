import { FormattedMessage } from 'react-intl';
import { useOnline } from '../../lib/connection.ts';

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
