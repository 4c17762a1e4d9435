// Refusals are shown in the user's language from their reason code and parameters, falling back to the
// code's class and then to a generic sentence, never to the server's English message (ADR 005).
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { loadMessages } from './i18n.tsx';
import { formatMoney } from './money.ts';
import { errorMessage, refusalMessage, refusalOf, validationMessage } from './validation-message.ts';

const fr = createIntl({ locale: 'fr', messages: await loadMessages('fr') });
const en = createIntl({ locale: 'en', messages: await loadMessages('en') });

const answer = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);

describe('errorMessage', () => {
  it('says a reason with its parameters in French, the amount as French money', () => {
    const overBalance = answer(400, {
      code: 'VALIDATION_FAILED',
      reason: 'OVER_BALANCE',
      message: 'The payment is more than the balance due (208.50 GHS)',
      params: { amount: 208.5, currency: 'GHS' },
      field: 'amount',
    });
    expect(errorMessage(fr, overBalance)).toBe(
      `Le paiement dépasse le reste à payer (${formatMoney(208.5, 'GHS', 'fr')})`,
    );
    expect(errorMessage(en, overBalance)).toBe('The payment is more than the balance due (₵208.50)');
    expect(
      errorMessage(
        fr,
        answer(400, { reason: 'CURRENCY_DECIMALS', params: { currency: 'XOF', decimals: 0 } }),
      ),
    ).toBe('Les montants en XOF n’ont pas de décimales');
    expect(
      errorMessage(
        en,
        answer(400, { reason: 'CURRENCY_DECIMALS', params: { currency: 'KES', decimals: 2 } }),
      ),
    ).toBe('KES amounts have at most 2 decimals');
  });

  it("says an invalid input by its first field's own reason", () => {
    const invalid = answer(400, {
      code: 'VALIDATION_FAILED',
      reason: 'INVALID_INPUT',
      details: { fields: [{ field: 'vendor', reason: 'VENDOR_REQUIRED' }] },
    });
    expect(errorMessage(fr, invalid)).toBe('Le fournisseur est obligatoire');
  });

  it('falls back to the code, then to a generic sentence, never to the English message', () => {
    const unknown = answer(403, {
      code: 'FORBIDDEN',
      reason: 'A_RULE_FROM_TOMORROW',
      message: 'Only the night shift can do this',
    });
    expect(errorMessage(fr, unknown)).toBe('Vous n’avez pas la permission de faire cela');
    const bare = new ApiError(502, '502: Bad gateway, in English');
    expect(errorMessage(fr, bare)).toBe('Une erreur est survenue. Veuillez réessayer.');
    expect(errorMessage(fr, new Error('Failed to fetch'))).toBe(
      'Une erreur est survenue. Veuillez réessayer.',
    );
    expect(errorMessage(fr, answer(404, { message: 'Invoice not found' }))).toBe('Introuvable');
  });

  it("translates Supabase Auth's error codes", () => {
    const wrongPassword = {
      __isAuthError: true,
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    };
    expect(errorMessage(fr, wrongPassword)).toBe('E-mail ou mot de passe incorrect');
    expect(errorMessage(en, wrongPassword)).toBe('Invalid login credentials');
    const limited = {
      __isAuthError: true,
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    };
    expect(errorMessage(fr, limited)).toBe('Trop de tentatives. Patientez un instant puis réessayez.');
  });

  it('says how long to wait when an address has spent its budget (a shared invoice opened too often)', () => {
    const spent = (minutes: number) =>
      answer(429, { code: 'RATE_LIMITED', reason: 'TOO_MANY_REQUESTS', params: { minutes } });
    expect(errorMessage(fr, spent(4))).toBe(
      'Trop de demandes depuis votre connexion. Réessayez dans 4 minutes.',
    );
    expect(errorMessage(en, spent(1))).toBe('Too many requests from your connection. Try again in 1 minute.');
  });

  it("translates Auth's password refusals and names the field they are about", () => {
    const auth = (status: number, code: string, message: string, extra = {}) => ({
      __isAuthError: true,
      status,
      code,
      message,
      ...extra,
    });
    const common = auth(422, 'weak_password', 'Password is known to be weak', { reasons: ['pwned'] });
    expect(refusalOf(common)).toMatchObject({ reason: 'PASSWORD_TOO_COMMON', field: 'password' });
    expect(errorMessage(fr, common)).toBe(
      'Ce mot de passe fait partie des plus courants et se devine facilement. Choisissez-en un autre.',
    );
    const short = auth(422, 'weak_password', 'Password should be at least 8 characters.', {
      reasons: ['length', 'pwned'],
    });
    expect(errorMessage(fr, short)).toBe('Le mot de passe doit contenir au moins 8 caractères.');
    const long = auth(400, 'validation_failed', 'Password cannot be longer than 72 characters');
    expect(refusalOf(long)).toMatchObject({ reason: 'PASSWORD_TOO_LONG', field: 'password' });
    const wrong = auth(
      400,
      'current_password_mismatch',
      'Current password required when setting new password.',
    );
    expect(refusalOf(wrong)).toMatchObject({ reason: 'CURRENT_PASSWORD_WRONG', field: 'currentPassword' });
    expect(errorMessage(fr, wrong)).toBe('Votre mot de passe actuel est incorrect.');
    const missing = auth(
      400,
      'current_password_required',
      'Current password required when setting new password.',
    );
    expect(errorMessage(en, missing)).toBe('Enter your current password.');
    expect(errorMessage(fr, auth(422, 'same_password', 'New password should be different'))).toBe(
      'Le nouveau mot de passe doit être différent de l’actuel.',
    );
    const tooSoon = auth(
      429,
      'over_email_send_rate_limit',
      'For security purposes, you can only request this after 59 seconds.',
    );
    // One mail a minute per address: said as what to do.
    expect(errorMessage(fr, tooSoon)).toBe('Patientez une minute avant de redemander.');
    expect(errorMessage(en, tooSoon)).toBe('Please wait a minute before asking again.');
    const used = auth(403, 'otp_expired', 'Token has expired or is invalid');
    expect(errorMessage(fr, used)).toBe('Ce lien a expiré, demandez-en un nouveau.');
  });

  it('says a refusal kept in the outbox from its stored reason', () => {
    expect(refusalMessage(fr, { code: 'ALREADY_EXISTS', reason: 'SKU_TAKEN' })).toBe(
      'Un produit avec ce SKU existe déjà',
    );
    expect(refusalMessage(fr, {})).toBe('Une erreur est survenue. Veuillez réessayer.');
  });
});

describe('validationMessage', () => {
  it("says a schema's code, with its parameters, in the user's language", () => {
    expect(validationMessage(en, 'VENDOR_REQUIRED')).toBe('Vendor is required');
    expect(validationMessage(fr, 'VENDOR_REQUIRED')).toBe('Le fournisseur est obligatoire');
    expect(validationMessage(fr, 'TOO_LONG {"max":255}')).toBe('255 caractères au maximum');
    expect(validationMessage(fr, undefined)).toBeUndefined();
  });

  it('never shows an English sentence it is given', () => {
    expect(validationMessage(fr, 'Vendor is required')).toBe('Saisie invalide');
    // The generic fallback for a message the app does not know.
    expect(validationMessage(en, 'Vendor is required')).toBe('Invalid input');
  });
});
