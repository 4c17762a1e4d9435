// The captcha settings as a build or the local stack reads them from its variables: nothing set is no
// widget; a provider we do not know, or one without its site key, stops the build or the stack rather than
// give shops a sign-in nobody can pass.
import { describe, expect, it } from 'vitest';
import { captchaMetas, captchaSettingsOf } from './captcha.ts';

const names = { provider: 'VITE_CAPTCHA_PROVIDER', siteKey: 'VITE_CAPTCHA_SITE_KEY' };

describe('captcha settings', () => {
  it('are none when neither variable is set (empty counts as unset)', () => {
    expect(captchaSettingsOf({}, names)).toBeUndefined();
    expect(
      captchaSettingsOf({ VITE_CAPTCHA_PROVIDER: '', VITE_CAPTCHA_SITE_KEY: '' }, names),
    ).toBeUndefined();
  });

  it('name the provider and its site key, as the page’s two <meta> carry them', () => {
    const settings = captchaSettingsOf(
      { VITE_CAPTCHA_PROVIDER: 'turnstile', VITE_CAPTCHA_SITE_KEY: '0x4AAA_b-c' },
      names,
    );
    expect(settings).toEqual({ provider: 'turnstile', siteKey: '0x4AAA_b-c' });
    expect(captchaMetas(settings!)).toEqual([
      { name: 'kasuwa-captcha-provider', content: 'turnstile' },
      { name: 'kasuwa-captcha-site-key', content: '0x4AAA_b-c' },
    ]);
  });

  it('are refused, naming the variable, when the provider is unknown or its site key is missing', () => {
    expect(() =>
      captchaSettingsOf({ VITE_CAPTCHA_PROVIDER: 'recaptcha', VITE_CAPTCHA_SITE_KEY: 'k' }, names),
    ).toThrow('VITE_CAPTCHA_PROVIDER must be hcaptcha or turnstile (got recaptcha)');
    expect(() => captchaSettingsOf({ VITE_CAPTCHA_SITE_KEY: 'k' }, names)).toThrow(
      'VITE_CAPTCHA_PROVIDER must be hcaptcha or turnstile (got nothing)',
    );
    expect(() =>
      captchaSettingsOf(
        { CAPTCHA_PROVIDER: 'hcaptcha' },
        { provider: 'CAPTCHA_PROVIDER', siteKey: 'CAPTCHA_SITE_KEY' },
      ),
    ).toThrow('CAPTCHA_SITE_KEY is needed with CAPTCHA_PROVIDER');
  });
});
