// POST /resend: mails again the confirmation of a sign-up (type `signup`) or of an email change (type
// `email_change`, to the new address), as GoTrue's Resend does. It answers {} when there is nothing to
// resend (no such account, already confirmed, no change pending), so it tells nobody who is registered.
// Each account gets one mail per `max_frequency` (60 s), the project its `email_sent` an hour, and each
// address the sign-in and sign-up budget of calls.
import { clientIp } from '../../http.ts';
import { mailCodeLimited } from '../accounts.ts';
import { requireCaptcha } from '../captcha.ts';
import { transaction } from '../db.ts';
import { badRequest, emailRateLimited, rateLimited, tooSoon, validationFailed } from '../errors.ts';
import { mailOtp } from '../mailer.ts';
import { stringField } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { findUserByEmail, findUserById, NOW, updateUser } from '../users.ts';
import { validateEmail } from '../validate.ts';

export const resend: Route = async (service, call) => {
  if (!service.signInLimiter.allow(clientIp(call.req))) throw rateLimited();
  const body = await call.body();
  await requireCaptcha(service, call, body);
  const type = stringField(body, 'type');
  if (type === 'sms' || type === 'phone_change') {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (type !== 'signup' && type !== 'email_change') {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const emailInput = stringField(body, 'email');
  if (!emailInput && type === 'signup') throw validationFailed('Type provided requires an email address');
  if (emailInput && stringField(body, 'phone')) {
    throw validationFailed('Only an email address or phone number should be provided.');
  }
  if (!emailInput) throw validationFailed('Missing email address or phone number');
  const email = validateEmail(emailInput);
  const redirectTo = call.url.searchParams.get('redirect_to');

  await transaction(service.pool, async (tx) => {
    const found = await findUserByEmail(tx, email);
    if (!found) return;
    const user = (await findUserById(tx, found.id, true))!;
    if (type === 'signup') {
      if (user.email_confirmed_at) return;
      await mailCodeLimited(service, tx, user, 'signup', redirectTo);
      return;
    }
    if (!user.email_change) return;
    const wait = tooSoon(user.email_change_sent_at, service.settings.emailMaxFrequencyMs);
    if (wait) throw wait;
    if (!service.emailSentLimiter.allow('mail')) throw emailRateLimited();
    const recipient = { to: user.email_change, email: user.email ?? '', metadata: user.raw_user_meta_data };
    await updateUser(tx, user.id, {
      email_change_token_new: await mailOtp(service, 'email_change', recipient, redirectTo),
      email_change_sent_at: NOW,
    });
  });
  return ok({});
};
