// An operation is what a request becomes once parsed and planned: the main statement, how to check its
// outcome before the transaction ends, and how to answer. Reads of tables and of function results
// share `readOperation`.
import type { IncomingMessage } from 'node:http';
import { ApiError, pgrstError } from './errors.ts';
import { orderSql } from './filters.ts';
import type { Media } from './negotiate.ts';
import { preferenceApplied, wantsCount, type Applied, type Preferences } from './prefer.ts';
import { contentRange, pageStatus, requestedPage } from './range.ts';
import type { ReadNode } from './read-plan.ts';
import { conditionsSql, fromSql, pagingSql, selectListSql, whereSql } from './read-sql.ts';
import { ident, Params, type Statement } from './sql.ts';
import { aggregateSql, cappedRowsSql, type Outcome } from './statement.ts';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Null for an empty body. */
  body: string | null;
}

export interface Operation {
  statement: Statement;
  /** A write without RETURNING, which reports only its row count. */
  command: boolean;
  readOnly: boolean;
  /** Runs before the transaction ends; throwing rolls it back. */
  verify(outcome: Outcome): void;
  reply(outcome: Outcome): Reply;
}

/** `Accept: application/vnd.pgrst.object+json` needs exactly one row (406 PGRST116 otherwise). */
export function checkSingular(media: Media, outcome: Outcome): void {
  if (media.shape === 'object' && outcome.pageTotal !== 1) {
    throw pgrstError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${outcome.pageTotal} rows`,
    );
  }
}

/** `Prefer: handling=strict, max-affected=n` refuses to touch more than n rows (400 PGRST124). */
export function checkMaxAffected(prefs: Preferences, outcome: Outcome): void {
  if (prefs.handling !== 'strict' || prefs.maxAffected === undefined) return;
  if (outcome.pageTotal > prefs.maxAffected) {
    throw pgrstError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${outcome.pageTotal} rows`,
    );
  }
}

export interface ReadRequest {
  req: IncomingMessage;
  root: ReadNode;
  /** The relation read: a table, or the CTE holding a function's result. */
  relation: string;
  /** `with …` prefix defining `relation`, for function calls. */
  withSql?: string;
  /** Parameters `withSql` already uses. */
  params?: Params;
  prefs: Preferences;
  media: Media;
  maxRows: number;
  /** The largest body built, in bytes (the local stack's response-size cap). */
  maxBytes: number;
  readOnly: boolean;
  /** A page is answered as a single object whatever `Accept` says (functions returning one row). */
  single?: boolean;
  /** Checks beyond paging and singularity. */
  verify?: (outcome: Outcome) => void;
  /** Preferences echoed in `Preference-Applied` (default: count, tx, handling). */
  applied?: Applied[];
}

export function readOperation(r: ReadRequest): Operation {
  const { root } = r;
  const page = requestedPage(r.req, root.offset, root.limit, r.maxRows);
  const p = r.params ?? new Params();
  const list = selectListSql(root, p);
  const from = fromSql(root, r.relation, p);
  const where = whereSql(conditionsSql(root, p));
  const rows = `select ${list} from ${from}${where}${orderSql(root.order, root.alias, p)}${pagingSql(page.limit, page.offset, p)}`;
  const total = wantsCount(r.prefs)
    ? `(select count(*) from ${r.relation} as ${ident(root.alias)}${where})`
    : null;
  const media: Media = r.single && r.media.shape === 'array' ? { ...r.media, shape: 'object' } : r.media;
  const status = (o: Outcome) => pageStatus(page.offset, o.pageTotal, o.total);
  return {
    statement: {
      text: aggregateSql(cappedRowsSql(rows, r.maxBytes), media, { total, with: r.withSql }),
      values: p.values,
    },
    command: false,
    readOnly: r.readOnly,
    verify(o) {
      const s = status(o);
      if (s instanceof ApiError) throw s;
      if (!r.single) checkSingular(media, o);
      r.verify?.(o);
    },
    reply(o) {
      const headers = {
        'Content-Range': contentRange(page.offset, o.pageTotal, o.total),
        'Content-Type': media.contentType,
        ...preferenceApplied(r.prefs, r.applied ?? ['count', 'tx', 'handling']),
      };
      return {
        status: status(o) as number,
        headers,
        body: r.req.method === 'HEAD' ? null : (o.body ?? 'null'),
      };
    },
  };
}
