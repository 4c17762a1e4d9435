// Payment reminder settings of an organization (Settings): every member reads them, owners and managers
// change them. Row-level security on public.payment_reminder_settings decides; no row reads as off with
// the default steps.
import { DEFAULT_REMINDER_STEPS, PaymentRemindersInputSchema } from '@shared/schemas/reminders.ts';
import { AppError } from '../_shared/errors.ts';
import type { Params } from './router.ts';
import { ok, userRequest } from './request.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () =>
  new AppError('NOT_FOUND', 'Organization not found', undefined, { reason: 'ORGANIZATION_NOT_FOUND' });

export async function getPaymentReminders(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db } = await userRequest(req);
  if (!UUID.test(id)) throw notFound();
  const [org, row] = await Promise.all([
    db.from('organizations').select('id').eq('id', id).maybeSingle(),
    db.from('payment_reminder_settings').select('enabled, steps').eq('org_id', id).maybeSingle(),
  ]);
  ok(org);
  ok(row);
  if (!org.data) throw notFound();
  return Response.json(row.data ?? { enabled: false, steps: [...DEFAULT_REMINDER_STEPS] });
}

export async function updatePaymentReminders(req: Request, { id }: Params<'id'>): Promise<Response> {
  const { db, body } = await userRequest(req, { body: PaymentRemindersInputSchema });
  if (!UUID.test(id)) throw notFound();
  // Changed where the row exists, else made (members may not change org_id, which an upsert would set).
  const values = { enabled: body.enabled, steps: body.steps };
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
  let saved = await save();
  // Made by a save at the same moment: change it.
  if (saved.error?.code === '23505') saved = await save();
  const { data } = ok(saved);
  if (!data) throw notFound();
  return Response.json(data);
}
