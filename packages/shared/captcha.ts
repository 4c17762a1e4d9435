// The captcha providers Supabase Auth can check a token with ([auth.captcha] in supabase/config.toml), as the
// app loads their widget and as the page's Content-Security-Policy lets it: the script's address, the
// browser global it defines, the option that sets its language, and the origins its script, frames, styles
// and requests come from (as each provider documents them). One table for the app (web/src/components/
// captcha.tsx) and the policy (local/security-headers.ts), so the two cannot disagree.

export const CAPTCHA_PROVIDERS = {
  hcaptcha: {
    // Explicit rendering: the widget is drawn where and when the form asks, and `onload` says it is ready.
    script: 'https://js.hcaptcha.com/1/api.js?render=explicit&onload=kasuwaCaptchaReady',
    global: 'hcaptcha',
    languageOption: 'hl',
    origins: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: {
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=kasuwaCaptchaReady',
    global: 'turnstile',
    languageOption: 'language',
    origins: ['https://challenges.cloudflare.com'],
  },
} as const;

export type CaptchaProvider = keyof typeof CAPTCHA_PROVIDERS;

export const isCaptchaProvider = (value: unknown): value is CaptchaProvider =>
  typeof value === 'string' && Object.hasOwn(CAPTCHA_PROVIDERS, value);

/**
 * The <meta> the build writes into index.html when it is made with a provider (web/vite.config.ts), from
 * which whoever serves the page (the local stack, a static host's headers) knows what its policy must allow.
 */
export const CAPTCHA_META = 'kasuwa-captcha-provider';

/** The provider the built page names in its <meta>, or none. */
export function captchaProviderOf(html: string): CaptchaProvider | undefined {
  const match = new RegExp(`<meta\\s+name="${CAPTCHA_META}"\\s+content="([a-z]+)"`).exec(html);
  return isCaptchaProvider(match?.[1]) ? match[1] : undefined;
}
