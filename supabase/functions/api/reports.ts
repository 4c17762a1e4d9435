// GET /api/reports/:type: each report is one SQL function (report_overview, report_sales, …) run as the
// caller, so RLS and the role matrix (SALES: sales and inventory only) are decided by the database.
// `format=csv` answers the export (every row of the range) as `<report>_report.csv`, in the language `lang`
// names (en by default): the app asks for the member's own.
import { z } from 'zod';
import { REPORT_FILE_NAMES, reportCsv, type OverviewFigures } from '@shared/csv.ts';
import { EXPORT_LANGUAGES, type ExportLanguage } from '@shared/export-labels.ts';
import { REPORT_TYPES, ReportQuerySchema } from '@shared/schemas/accounting.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { type Db, ok, orgRequest, query } from './request.ts';

const TYPES = [...REPORT_TYPES, 'timeseries'] as const;
type Type = (typeof TYPES)[number];
const Query = ReportQuerySchema.extend({
  format: z.enum(['json', 'csv']).default('json'),
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
});
type Q = z.infer<typeof Query>;

/** The page size of an export: the functions' largest page. */
const EXPORT_PAGE = 10_000;
/** Pages of an export read at once: the database builds one while this function reads another. */
const EXPORT_CONCURRENCY = 2;

async function run(db: Db, type: Type, orgId: string, q: Pick<Q, 'days' | 'limit' | 'offset'>) {
  const paged = { p_org_id: orgId, p_days: q.days, p_limit: q.limit, p_offset: q.offset };
  // The database says which reports a role may read (its refusal's sentence is the answer's).
  const { data } = ok(
    type === 'overview'
      ? await db.rpc('report_overview', { p_org_id: orgId, p_days: q.days })
      : type === 'timeseries'
        ? await db.rpc('report_timeseries', { p_org_id: orgId, p_days: q.days })
        : type === 'inventory'
          ? await db.rpc('report_inventory', { p_org_id: orgId, p_limit: q.limit, p_offset: q.offset })
          : await db.rpc(`report_${type}`, paged),
  );
  return data as Record<string, unknown>;
}

async function exportCsv(
  db: Db,
  type: Exclude<Type, 'timeseries'>,
  orgId: string,
  days: Q['days'],
  language: ExportLanguage,
) {
  let body: string;
  if (type === 'overview') {
    const overview = (await run(db, type, orgId, {
      days,
      limit: 1,
      offset: 0,
    })) as unknown as OverviewFigures;
    body = reportCsv('overview', overview, overview.range.timezone, language);
  } else {
    // The first page says how many rows there are; the others are read two at a time, kept in order.
    const first = await run(db, type, orgId, { days, limit: EXPORT_PAGE, offset: 0 });
    const offsets: number[] = [];
    for (let offset = EXPORT_PAGE; offset < Number(first.total); offset += EXPORT_PAGE) offsets.push(offset);
    const pages: Record<string, unknown>[][] = [first.rows as Record<string, unknown>[]];
    let next = 0;
    const reader = async () => {
      while (next < offsets.length) {
        const i = next++;
        const page = await run(db, type, orgId, { days, limit: EXPORT_PAGE, offset: offsets[i]! });
        pages[i + 1] = page.rows as Record<string, unknown>[];
      }
    };
    await Promise.all(Array.from({ length: Math.min(EXPORT_CONCURRENCY, offsets.length) }, reader));
    const rows = pages.flat();
    let timeZone = (first.range as { timezone?: string } | undefined)?.timezone ?? 'UTC';
    if (type === 'inventory') timeZone = await orgTimeZone(db, orgId);
    body = reportCsv(type, rows, timeZone, language);
  }
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${REPORT_FILE_NAMES[type]}"`,
      'cache-control': 'no-store',
    },
  });
}

async function orgTimeZone(db: Db, orgId: string): Promise<string> {
  const { data } = await db.from('organizations').select('timezone').eq('id', orgId).maybeSingle();
  return data?.timezone ?? 'UTC';
}

export async function getReport(req: Request, { type }: Params<'type'>): Promise<Response> {
  const parsedType = z.enum(TYPES).safeParse(type);
  if (!parsedType.success)
    throw new AppError('BAD_REQUEST', `Unknown report type: choose one of ${TYPES.join(', ')}`, undefined, {
      reason: 'REPORT_TYPE_UNKNOWN',
      params: { types: TYPES.join(', ') },
    });
  const q = query(req, Query);
  const { db, orgId } = await orgRequest(req);
  if (q.format === 'csv') {
    if (parsedType.data === 'timeseries')
      throw new AppError('BAD_REQUEST', 'The timeseries report has no CSV export', undefined, {
        reason: 'REPORT_NO_CSV',
      });
    return exportCsv(db, parsedType.data, orgId, q.days, q.lang);
  }
  return Response.json(await run(db, parsedType.data, orgId, q));
}

/** GET /api/reports/metrics: the dashboard's cards and the inventory badge, computed in the database. */
export async function getMetrics(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  const metrics = await call('get_metrics');
  if (!metrics)
    throw new AppError('NOT_FOUND', 'Organization not found', undefined, {
      reason: 'ORGANIZATION_NOT_FOUND',
    });
  return Response.json(metrics);
}
