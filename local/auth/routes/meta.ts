// GET /health and GET /settings: what the service is and which sign-in methods it offers.
import { ok, type Route } from '../service.ts';

// Not a GoTrue release: this is the local stack's subset of it.
const VERSION = 'local';

export const health: Route = async () =>
  ok({
    version: VERSION,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });

const OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
];

export const settings: Route = async (service) =>
  ok({
    external: {
      anonymous_users: false,
      ...Object.fromEntries(OAUTH_PROVIDERS.map((name) => [name, false])),
      email: true,
      phone: false,
      zoom: false,
    },
    disable_signup: !service.settings.enableSignup,
    mailer_autoconfirm: !service.settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
