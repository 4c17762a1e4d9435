// Payment reminder settings of an organization (Settings): every member reads them, owners and managers
// change them. Row-level security on public.payment_reminder_settings decides; no row reads as off with
// the default steps.
import { DEFAULT_REMINDER_STEPS, PaymentRemindersInputSchema } from '@shared/schemas/reminders.ts';
import { requireUser } from '../_shared/clients.ts';
import { AppError } from '../_shared/errors.ts';
import { fromPostgrest, parseBody } from '../_shared/http.ts';
import type { Params } from './router.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () =>
  new AppError('NOT_FOUND', 'Organization not found', undefined, { reason: 'ORGANIZATION_NOT_FOUND' });

export async function getPaymentReminders(req: Request, { id }: Params): Promise<Response> {
  const { db } = await requireUser(req);
  if (!id || !UUID.test(id)) throw notFound();
  const [org, row] = await Promise.all([
    db.from('organizations').select('id').eq('id', id).maybeSingle(),
    db.from('payment_reminder_settings').select('enabled, steps').eq('org_id', id).maybeSingle(),
  ]);
  if (org.error) throw fromPostgrest(org.error);
  if (row.error) throw fromPostgrest(row.error);
  if (!org.data) throw notFound();
  return Response.json(row.data ?? { enabled: false, steps: [...DEFAULT_REMINDER_STEPS] });
}

export async function updatePaymentReminders(req: Request, { id }: Params): Promise<Response> {
  const { db } = await requireUser(req);
  const input = await parseBody(req, PaymentRemindersInputSchema);
  if (!id || !UUID.test(id)) throw notFound();
  // Changed where the row exists, else made (members may not change org_id, which an upsert would set).
  const values = { enabled: input.enabled, steps: input.steps };
  const save = async () => {
    const updated = await db
      .from('payment_reminder_settings')
      .update(values)
      .eq('org_id', id)
      .select('enabled, steps')
      .maybeSingle();
    if (updated.error || updated.data) return updated;
    return db
      .from('payment_reminder_settings')
      .insert({ org_id: id, ...values })
      .select('enabled, steps')
      .maybeSingle();
  };
  let { data, error } = await save();
  // Made by a save at the same moment: change it.
  if (error?.code === '23505') ({ data, error } = await save());
  if (error) throw fromPostgrest(error);
  if (!data) throw notFound();
  return Response.json(data);
}
