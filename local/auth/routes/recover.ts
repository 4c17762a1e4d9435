// POST /recover: "mails" a recovery code. It answers {} whether or not the address has an account,
// so it cannot be used to find out who is registered.
import { mailCode } from '../accounts.ts';
import { transaction } from '../db.ts';
import { validationFailed } from '../errors.ts';
import { stringField } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { findUserByEmail } from '../users.ts';
import { validateEmail } from '../validate.ts';

export const recover: Route = async (service, call) => {
  const email = stringField(await call.body(), 'email');
  if (!email) throw validationFailed('Password recovery requires an email');
  const address = validateEmail(email);
  await transaction(service.pool, async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (user) await mailCode(service, tx, user, 'recovery', call.url.searchParams.get('redirect_to'));
  });
  return ok({});
};
