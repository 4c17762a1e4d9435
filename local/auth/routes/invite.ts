// POST /invite (admin): creates a user without a password and "mails" them an invite code; the
// invite is accepted through /verify (type invite), which confirms the address and signs them in.
import { requireAdmin } from '../authenticate.ts';
import { createEmailUser, mailCode } from '../accounts.ts';
import { transaction } from '../db.ts';
import { emailExists } from '../errors.ts';
import { objectField, stringField } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { userJson } from '../user-json.ts';
import { findUserByEmail, NOW, updateUser } from '../users.ts';
import { validateEmail } from '../validate.ts';

export const invite: Route = async (service, call) => {
  await requireAdmin(call.req);
  const body = await call.body();
  const email = validateEmail(stringField(body, 'email'));
  const data = objectField(body, 'data') ?? {};
  const redirectTo = call.url.searchParams.get('redirect_to');

  const user = await transaction(service.pool, async (tx) => {
    const existing = await findUserByEmail(tx, email);
    // An invited user who never accepted can be invited again; a confirmed one has an account.
    if (existing?.email_confirmed_at) throw emailExists();
    if (!existing) await createEmailUser(tx, { email, password: null, userMetadata: data });
    const invited = (await findUserByEmail(tx, email))!;
    await mailCode(service, tx, invited, 'invite', redirectTo);
    await updateUser(tx, invited.id, { invited_at: NOW });
    return (await findUserByEmail(tx, email))!;
  });
  return ok(userJson(user));
};
