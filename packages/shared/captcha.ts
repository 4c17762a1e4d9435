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
 * The two <meta> of a page whose forms show the widget: the provider and its site key. The build writes them
 * when it is made with a provider (web/vite.config.ts), or the local stack when it is started with one
 * (local/static.ts); the app reads them (web/src/components/captcha.tsx), and whoever serves the page (the
 * local stack, a static host's headers) knows from the provider what the page's policy must allow.
 */
export const CAPTCHA_META = 'kasuwa-captcha-provider';
export const CAPTCHA_SITE_KEY_META = 'kasuwa-captcha-site-key';

export interface CaptchaSettings {
  provider: CaptchaProvider;
  siteKey: string;
}

/** The settings as the page's two <meta> (a site key is letters, digits, dashes and underscores). */
export const captchaMetas = ({ provider, siteKey }: CaptchaSettings) => [
  { name: CAPTCHA_META, content: provider },
  { name: CAPTCHA_SITE_KEY_META, content: siteKey.replace(/[^A-Za-z0-9_-]/g, '') },
];

/** The provider the built page names in its <meta>, or none. */
export function captchaProviderOf(html: string): CaptchaProvider | undefined {
  const match = new RegExp(`<meta\\s+name="${CAPTCHA_META}"\\s+content="([a-z]+)"`).exec(html);
  return isCaptchaProvider(match?.[1]) ? match[1] : undefined;
}

/**
 * The settings from two variables (the build's VITE_CAPTCHA_PROVIDER and VITE_CAPTCHA_SITE_KEY, the local
 * stack's CAPTCHA_PROVIDER and CAPTCHA_SITE_KEY): none when neither is set; refused when incomplete or the
 * provider is unknown, rather than an app whose sign-in nobody could pass.
 */
export function captchaSettingsOf(
  env: Record<string, string | undefined>,
  names: { provider: string; siteKey: string },
): CaptchaSettings | undefined {
  const provider = env[names.provider] || undefined;
  const siteKey = env[names.siteKey] || undefined;
  if (provider === undefined && siteKey === undefined) return undefined;
  if (!isCaptchaProvider(provider))
    throw new Error(`${names.provider} must be hcaptcha or turnstile (got ${provider ?? 'nothing'})`);
  if (!siteKey) throw new Error(`${names.siteKey} is needed with ${names.provider}`);
  return { provider, siteKey };
}
