// The captcha widget of the forms that call Auth's sign-up, sign-in, password recovery and mail resend, for
// a project that turns Auth's captcha on ([auth.captcha] in supabase/config.toml): Auth then refuses those
// calls without a token from the widget. The provider and its site key are two <meta> of the page, written
// by the build (VITE_CAPTCHA_PROVIDER = hcaptcha | turnstile, VITE_CAPTCHA_SITE_KEY) or by the local stack
// started with them (CAPTCHA_PROVIDER, CAPTCHA_SITE_KEY); without them there is no widget, and the
// provider's script is never downloaded. With them, the script is fetched by the first form that
// shows the widget, not before. A token is good for one attempt: the form resets the widget after each.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  CAPTCHA_META,
  CAPTCHA_PROVIDERS,
  CAPTCHA_SITE_KEY_META,
  type CaptchaProvider,
  type CaptchaSettings,
  isCaptchaProvider,
} from '@shared/captcha.ts';

// (No page when the visitor pages are rendered at build time: they are drawn without the widget.)
const meta = (name: string) =>
  typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
const configured: CaptchaSettings | null = (() => {
  const provider = meta(CAPTCHA_META);
  const siteKey = meta(CAPTCHA_SITE_KEY_META);
  return isCaptchaProvider(provider) && siteKey ? { provider, siteKey } : null;
})();

/** What hCaptcha and Turnstile both offer for explicit rendering (the same shape in both). */
interface ProviderApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(id: string): void;
  remove?(id: string): void;
}

/** The width of the widest normal widget (hCaptcha's). */
const NORMAL_WIDTH = 303;

let loading: Promise<ProviderApi> | undefined;

/** The provider's script, added to the page once; resolves with its API when it says it is ready. */
function loadProvider(provider: CaptchaProvider): Promise<ProviderApi> {
  return (loading ??= new Promise<ProviderApi>((resolve, reject) => {
    const { script: src, global } = CAPTCHA_PROVIDERS[provider];
    const w = window as unknown as Record<string, unknown>;
    // The script's `onload` parameter names this function.
    w.kasuwaCaptchaReady = () => resolve(w[global] as ProviderApi);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onerror = () => {
      script.remove();
      loading = undefined; // offline, or blocked: the next form that shows the widget tries again
      reject(new Error(`${provider} did not load`));
    };
    document.head.append(script);
  }));
}

export interface Captcha {
  /** The widget, where the form shows it; null when the app is built without a provider. */
  element: ReactNode;
  /** The widget's answer once the person has solved it; passed on with the call to Auth. */
  token: string | undefined;
  /** After an attempt: the token is spent, and the widget asks again. */
  reset: () => void;
}

export function useCaptcha(): Captcha {
  const intl = useIntl();
  // The widget's place, once the form shows it (a form may show it on a later step only).
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const widget = useRef<{ api: ProviderApi; id: string } | null>(null);
  const [token, setToken] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!configured || !container) return;
    let gone = false;
    loadProvider(configured.provider).then(
      (api) => {
        if (gone) return;
        const id = api.render(container, {
          sitekey: configured.siteKey,
          // Both providers' normal widget is 300 px wide or more: the compact one where the form is narrower
          // (a 360 px phone), so it never pushes the page wider than the screen.
          size: container.clientWidth < NORMAL_WIDTH ? 'compact' : 'normal',
          callback: (answer: string) => setToken(answer),
          'expired-callback': () => setToken(undefined),
          'error-callback': () => setToken(undefined),
          // The widget speaks the app's language (both providers know `en` and `fr`; not every region).
          [CAPTCHA_PROVIDERS[configured.provider].languageOption]: intl.locale.split('-')[0],
        });
        widget.current = { api, id };
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      if (widget.current) widget.current.api.remove?.(widget.current.id);
      widget.current = null;
      setToken(undefined);
    };
  }, [container, intl.locale]);

  const reset = useCallback(() => {
    setToken(undefined);
    if (widget.current) widget.current.api.reset(widget.current.id);
  }, []);

  const element = configured ? (
    // Room kept for the widget (hCaptcha's is the taller, 78 px), so the form does not jump when it appears.
    <div className="flex min-h-[78px] flex-col justify-center" data-testid="captcha">
      <div ref={setContainer} />
      {failed && (
        <p role="alert" className="text-error text-sm">
          {intl.formatMessage({ id: 'captcha.loadFailed' })}
        </p>
      )}
    </div>
  ) : null;
  return { element, token, reset };
}
