// The activity feed's time labels: under an hour "Just now", under a day "N hours ago",
// under a week "N days ago", then the date.
import type { IntlShape } from 'react-intl';

const HOUR = 3_600_000;

export function timeAgo(intl: IntlShape, at: string, now = Date.now()): string {
  const elapsed = now - Date.parse(at);
  if (elapsed < HOUR) return intl.formatMessage({ id: 'dashboard.justNow' });
  if (elapsed < 24 * HOUR)
    return intl.formatMessage({ id: 'dashboard.hoursAgo' }, { count: Math.floor(elapsed / HOUR) });
  if (elapsed < 7 * 24 * HOUR)
    return intl.formatMessage({ id: 'dashboard.daysAgo' }, { count: Math.floor(elapsed / (24 * HOUR)) });
  return new Date(at).toLocaleDateString(intl.locale);
}
