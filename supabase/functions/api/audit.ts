// GET /api/audit: the organization's audit trail (who changed what, when), newest first, for the roles
// with audit.read, as RLS (OWNER, MANAGER, ACCOUNTANT); SALES gets 403.
import { z } from 'zod';
import type { Permission } from '@shared/permissions.ts';
import { AppError } from '../_shared/errors.ts';
import { ok, orgRequest, query, withTotal } from './request.ts';

const Query = z.object({
  entity: z.string().max(100).optional(),
  /** The member who made the changes. */
  actor: z.uuid({ message: 'actor must be a member id' }).optional(),
  /** First and last day (YYYY-MM-DD, in the organization's time zone), both included. */
  from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The instant a local day begins in a time zone (African zones keep one offset all year). */
function localMidnight(day: string, timeZone: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  const shown = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(utc)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const asLocal = Date.UTC(+shown.year!, +shown.month! - 1, +shown.day!, +shown.hour!, +shown.minute!);
  return new Date(utc.getTime() - (asLocal - utc.getTime()));
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function listAudit(req: Request): Promise<Response> {
  const { db, orgId } = await orgRequest(req);
  const q = query(req, Query);
  const { data: allowed } = await db.rpc('can', {
    p_org_id: orgId,
    p_permission: 'audit.read' satisfies Permission,
  });
  if (!allowed) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  let rows = db
    .from('audit_logs')
    .select('id, actor_id, action, entity, entity_id, payload, created_at', { count: 'exact' })
    .eq('org_id', orgId);
  if (q.entity) rows = rows.eq('entity', q.entity);
  if (q.actor) rows = rows.eq('actor_id', q.actor);
  if (q.from || q.to) {
    const { data: org } = await db.from('organizations').select('timezone').eq('id', orgId).maybeSingle();
    const tz = org?.timezone ?? 'UTC';
    if (q.from) rows = rows.gte('created_at', localMidnight(q.from, tz).toISOString());
    if (q.to) rows = rows.lt('created_at', localMidnight(nextDay(q.to), tz).toISOString());
  }
  const { data, count } = ok(
    await rows
      .order('created_at', { ascending: false })
      .order('id')
      .range(q.offset, q.offset + q.limit - 1),
  );
  const actorIds = [...new Set(data.flatMap((r) => (r.actor_id ? [r.actor_id] : [])))];
  const people = new Map<string, string>();
  if (actorIds.length) {
    const { data: profiles } = await db
      .from('profiles')
      .select('id, first_name, last_name, email')
      .in('id', actorIds);
    for (const p of profiles ?? []) people.set(p.id, `${p.first_name} ${p.last_name}`.trim() || p.email);
  }
  return withTotal(
    data.map((r) => ({
      id: r.id,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      // Which fields changed (UPDATE), never the whole row: secrets such as token hashes stay out.
      fields: r.action === 'UPDATE' ? Object.keys(r.payload as Record<string, unknown>) : [],
      actor: r.actor_id ? (people.get(r.actor_id) ?? null) : null,
      createdAt: r.created_at,
    })),
    count ?? data.length,
  );
}
