// GET /api/dashboard: everything the home screen shows — cards and their hints, pipeline, inventory
// alerts, Getting Started, recent activity — from one SQL function run as the caller, so RLS decides.
import type { Dashboard } from '@shared/schemas/crm.ts';
import { orgRequest } from './request.ts';

export async function getDashboard(req: Request): Promise<Response> {
  const { call } = await orgRequest(req);
  return Response.json((await call('get_dashboard')) as unknown as Dashboard);
}
