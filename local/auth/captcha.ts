// [auth.captcha]: when a project turns it on, sign-up, password sign-in, recovery, /otp and /resend need
// the token the page's hCaptcha or Turnstile widget produced (supabase-js sends it as
// `gotrue_meta_security.captcha_token`); an admin caller is exempt, as in GoTrue. The local stack never
// calls the provider (nothing leaves this machine): any token is accepted, and only its absence is
// refused, so the app's wiring can be tried locally and the real check happens on the hosted project.
import { AuthError } from './errors.ts';
import { requireAdmin } from './authenticate.ts';
import { isObject, type Json } from './request.ts';
import type { AuthService, Call } from './service.ts';

export async function requireCaptcha(service: AuthService, call: Call, body: Json): Promise<void> {
  if (!service.settings.captchaEnabled) return;
  const admin = await requireAdmin(call.req).then(
    () => true,
    () => false,
  );
  if (admin) return;
  const security = body.gotrue_meta_security;
  const token =
    isObject(security) && typeof security.captcha_token === 'string' ? security.captcha_token : '';
  if (!token.trim()) {
    throw new AuthError(
      400,
      'captcha_failed',
      'captcha protection: request disallowed (no captcha_token found)',
    );
  }
}
