// POST /recover: "mails" a recovery code. It answers {} whether or not the address has an account,
// so it cannot be used to find out who is registered. As GoTrue: limited per address (the sign-in and
// sign-up budget), one mail per account per `max_frequency` (60 s), and the project's `email_sent`
// mails per hour, so nobody can flood a mailbox or the project's mail budget.
import { clientIp } from '../../http.ts';
import { mailCodeLimited } from '../accounts.ts';
import { requireCaptcha } from '../captcha.ts';
import { transaction } from '../db.ts';
import { rateLimited, validationFailed } from '../errors.ts';
import { stringField } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { findUserByEmail } from '../users.ts';
import { validateEmail } from '../validate.ts';

export const recover: Route = async (service, call) => {
  if (!service.signInLimiter.allow(clientIp(call.req))) throw rateLimited();
  const body = await call.body();
  await requireCaptcha(service, call, body);
  const email = stringField(body, 'email');
  if (!email) throw validationFailed('Password recovery requires an email');
  const address = validateEmail(email);
  await transaction(service.pool, async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (!user) return;
    await mailCodeLimited(service, tx, user, 'recovery', call.url.searchParams.get('redirect_to'));
  });
  return ok({});
};
