// Dates as every form and API body gives them (an ISO string, or null when optional): a day (2026-12-02) or
// a date-time with its offset (2026-12-02T23:30:00Z, 2026-12-03T00:30:00+01:00). The database reads a
// date-time as the day (or the instant) it is in the organization's time zone (private.org_date,
// private.org_instant).
import { z } from './zod.ts';
import { R } from './reasons.ts';

export const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  message: R.INVALID_DATE,
});

/** An optional date: absent, null or '' (an empty date field) is none. */
export const optionalIsoDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable().optional());
