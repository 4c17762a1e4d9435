// Paging: the `Range` request header intersected with `limit`/`offset` and capped by db-max-rows, and
// the `Content-Range` / 206 / 416 answer PostgREST derives from the page and the total.
import type { IncomingMessage } from 'node:http';
import { ApiError, pgrstError } from './errors.ts';

export interface Page {
  offset: number;
  limit?: number;
}

/** The rows requested by `Range: a-b` and `offset`/`limit` together, at most `maxRows`. */
export function requestedPage(
  req: IncomingMessage,
  offset = 0,
  limit: number | undefined,
  maxRows: number,
): Page {
  let lower = offset;
  let upper = limit === undefined ? Infinity : offset + limit - 1;
  const header = /^(\d+)-(\d*)$/.exec(req.headers.range?.trim() ?? '');
  if (header) {
    const [from, to] = [Number(header[1]), header[2] === '' ? Infinity : Number(header[2])];
    if (from > to) {
      throw pgrstError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      );
    }
    lower = Math.max(lower, from);
    upper = Math.min(upper, to);
  }
  const count = Math.min(upper - lower + 1, maxRows);
  return { offset: lower, limit: Number.isFinite(count) ? Math.max(count, 0) : undefined };
}

/** `Content-Range` for rows `lower…lower+pageTotal-1` of `total` (`*` when unknown). */
export function contentRange(lower: number, pageTotal: number, total: number | null): string {
  const upper = lower + pageTotal - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** 200, 206 for a partial page of a counted result, or the 416 error for an offset past its end. */
export function pageStatus(offset: number, pageTotal: number, total: number | null): number | ApiError {
  if (total === null) return 200;
  if (offset > total) {
    const error = pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
    return new ApiError(error.status, error.body, { 'Content-Range': `*/${total}` });
  }
  return pageTotal < total ? 206 : 200;
}
