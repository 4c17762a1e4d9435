// Who a request runs as: the `role` claim of a valid `Authorization: Bearer` JWT, else `anon`. Errors
// use PostgREST v13's codes: PGRST301 for tokens that do not decode or verify, PGRST303 for bad claims.
import { bearerToken, verifyJwt } from '../jwt.ts';
import { jwtError } from './errors.ts';

export const ANON_ROLE = 'anon';

export interface Identity {
  role: string;
  /** All claims, with `role` forced in, for `request.jwt.claims`. */
  claims: Record<string, unknown>;
}

/** PostgREST's words for the claim errors jose reports (by message). */
function claimError(message: string): string | null {
  const notNumber = /"(exp|nbf|iat)" claim must be a number/.exec(message);
  if (notNumber) return `The JWT '${notNumber[1]}' claim must be a number`;
  if (/"nbf" claim timestamp check failed/.test(message)) return 'JWT not yet valid';
  if (/"iat" claim timestamp check failed/.test(message)) return 'JWT issued at future';
  return null;
}

export async function authenticate(authorization: string | undefined): Promise<Identity> {
  if (authorization !== undefined && /^bearer\s*$/i.test(authorization.trim())) {
    throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
  }
  const token = bearerToken(authorization);
  if (token === null) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);

  const result = await verifyJwt(token, 30);
  if (!result.ok) {
    if (result.reason === 'expired') throw jwtError('PGRST303', 'JWT expired');
    const claim = claimError(result.message);
    if (claim) throw jwtError('PGRST303', claim);
    throw jwtError(
      'PGRST301',
      'No suitable key or wrong key type',
      'None of the keys was able to decode the JWT',
    );
  }
  const claimed = result.claims.role;
  // A non-string role is used as its JSON text, as PostgREST does; Postgres then refuses the unknown role.
  const role =
    claimed === undefined ? ANON_ROLE : typeof claimed === 'string' ? claimed : JSON.stringify(claimed);
  return { role, claims: { ...result.claims, role } };
}
