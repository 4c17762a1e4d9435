import { FormattedMessage } from 'react-intl';

/** The router's waiting state ("Loading..." or "Setting up your workspace..."). */
export function Loading({
  messageId = 'common.loading',
}: {
  messageId?: 'common.loading' | 'common.settingUp';
}) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3">
      <span className="loading loading-spinner text-primary" aria-hidden />
      <FormattedMessage id={messageId} />
    </div>
  );
}
