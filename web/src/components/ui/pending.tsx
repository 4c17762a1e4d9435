import { FormattedMessage } from 'react-intl';

/** Marks a row made on this device that the server does not have yet. */
export function PendingBadge() {
  return (
    <span className="badge badge-sm badge-warning whitespace-nowrap" data-testid="pending-badge">
      <FormattedMessage id="outbox.pending" />
    </span>
  );
}

/** A page of server rows with the device's pending rows on top (on the first, unfiltered page only). */
export function withPending<T extends { id: string }>(rows: T[], pending: T[], show: boolean): T[] {
  if (!show || !pending.length) return rows;
  const ids = new Set(pending.map((p) => p.id));
  return [...pending, ...rows.filter((r) => !ids.has(r.id))];
}
