import { FormattedMessage } from 'react-intl';

/** Marks a row made on this device that the server does not have yet. */
export function PendingBadge() {
  return (
    <span className="badge badge-sm badge-warning whitespace-nowrap" data-testid="pending-badge">
      <FormattedMessage id="outbox.pending" />
    </span>
  );
}
