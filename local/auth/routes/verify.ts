// POST /verify (a code typed in, or a token hash) answers with a session; GET /verify (the link in
// a mail) redirects the browser to the site with the session, or the error, in the URL fragment,
// which supabase-js picks up on load.
//
// A 6-digit code is one in a million, so guesses are counted: each address gets GoTrue's
// `token_verifications` budget of calls, and each email a few wrong codes, from whatever address they
// come; the wrong code that spends an email's budget also voids the codes pending for it, so even a
// guesser with many addresses gets only those few tries at a code before it is dead.
import { clientIp } from '../../http.ts';
import { AuthError, rateLimited, unprocessable, validationFailed } from '../errors.ts';
import { allowedRedirect } from '../mailer.ts';
import { stringField } from '../request.ts';
import { ok, type Route } from '../service.ts';
import { otpHash } from '../tokens.ts';
import { validateEmail } from '../validate.ts';
import { voidCodesFor, verifyCode, type Proof } from '../verification.ts';

export const verifyPost: Route = async (service, call) => {
  if (!service.verifyLimiter.allow(clientIp(call.req))) throw rateLimited();
  const body = await call.body();
  const type = stringField(body, 'type');
  const token = stringField(body, 'token');
  const tokenHash = stringField(body, 'token_hash');
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token === !tokenHash) throw validationFailed('Verify requires either a token or a token hash');

  let proof: Proof;
  if (tokenHash) {
    if (email || phone || stringField(body, 'redirect_to')) {
      throw validationFailed('Only the token_hash and type should be provided');
    }
    proof = { tokenHash };
  } else {
    if (!email || phone) {
      throw validationFailed('Only an email address or phone number should be provided on verify');
    }
    const address = validEmailForOtp(email);
    // Too many wrong codes for this email: refused before the code is looked at, right or wrong.
    if (!service.otpFailureLimiter.peek(address)) throw rateLimited();
    proof = { email: address, tokenHash: otpHash(address, token) };
    try {
      return ok(await verifyCode(service, type, proof, call.client));
    } catch (e) {
      if (e instanceof AuthError && e.code === 'otp_expired') {
        service.otpFailureLimiter.allow(address);
        if (!service.otpFailureLimiter.peek(address)) await voidCodesFor(service, address);
      }
      throw e;
    }
  }
  return ok(await verifyCode(service, type, proof, call.client));
};

function validEmailForOtp(email: string): string {
  try {
    return validateEmail(email);
  } catch {
    throw unprocessable('validation_failed', 'Invalid email format');
  }
}

/** OAuth's names for the statuses, which GoTrue puts in `error` beside its own code. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

export const verifyGet: Route = async (service, call) => {
  if (!service.verifyLimiter.allow(clientIp(call.req))) throw rateLimited();
  const query = call.url.searchParams;
  const type = query.get('type') ?? '';
  const tokenHash = query.get('token') ?? '';
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!tokenHash) throw validationFailed('Verify requires a token or a token hash');
  const target = allowedRedirect(service, query.get('redirect_to'));

  const fragment = new URLSearchParams();
  try {
    const session = await verifyCode(service, type, { tokenHash }, call.client);
    fragment.set('access_token', session.access_token);
    fragment.set('expires_at', String(session.expires_at));
    fragment.set('expires_in', String(session.expires_in));
    fragment.set('refresh_token', session.refresh_token);
    fragment.set('token_type', session.token_type);
    fragment.set('type', type);
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    if (OAUTH_ERRORS[e.status]) fragment.set('error', OAUTH_ERRORS[e.status]!);
    fragment.set('error_code', e.code);
    fragment.set('error_description', e.message);
  }
  fragment.set('sb', '');
  fragment.sort(); // Go encodes query values with sorted keys
  return { status: 303, headers: { location: `${target.split('#')[0]}#${fragment.toString()}` } };
};
