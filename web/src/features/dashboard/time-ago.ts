// The activity feed's time labels: under a minute "Just now", under an hour "N minutes ago" (a payment
// reversed seven minutes after it was taken reads as such), under a day "N hours ago", under a week
// "N days ago", then the date.
import type { IntlShape } from 'react-intl';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function timeAgo(intl: IntlShape, at: string, now = Date.now()): string {
  const elapsed = now - Date.parse(at);
  if (elapsed < MINUTE) return intl.formatMessage({ id: 'dashboard.justNow' });
  if (elapsed < HOUR)
    return intl.formatMessage({ id: 'dashboard.minutesAgo' }, { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < 24 * HOUR)
    return intl.formatMessage({ id: 'dashboard.hoursAgo' }, { count: Math.floor(elapsed / HOUR) });
  if (elapsed < 7 * 24 * HOUR)
    return intl.formatMessage({ id: 'dashboard.daysAgo' }, { count: Math.floor(elapsed / (24 * HOUR)) });
  return new Date(at).toLocaleDateString(intl.locale);
}
