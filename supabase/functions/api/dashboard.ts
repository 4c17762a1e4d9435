// GET /api/dashboard: everything the home screen shows — cards and their hints, pipeline, inventory
// alerts, Getting Started, recent activity — from one SQL function run as the caller, so RLS decides.
import type { Dashboard } from '@shared/schemas/crm.ts';
import { orgContext } from '../_shared/context.ts';
import { AppError, refusalOf } from '../_shared/errors.ts';
import { fromPostgrest } from '../_shared/http.ts';

export async function getDashboard(req: Request): Promise<Response> {
  const { db, orgId } = await orgContext(req);
  const { data, error } = await db.rpc('get_dashboard', { p_org_id: orgId });
  if (error) {
    if (error.code === '42501') throw new AppError('FORBIDDEN', error.message, undefined, refusalOf(error));
    throw fromPostgrest(error);
  }
  return Response.json(data as unknown as Dashboard);
}
