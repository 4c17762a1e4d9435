// The captcha widget, for a project that turns Auth's captcha on: a page that names a provider and its site
// key (two <meta>, written by a build made with VITE_CAPTCHA_PROVIDER and VITE_CAPTCHA_SITE_KEY, or by a
// stack started with CAPTCHA_PROVIDER and CAPTCHA_SITE_KEY, as here) shows the widget on sign-up and sign-in
// and sends its token with the call; Auth (AUTH_CAPTCHA_ENABLED=1) refuses a call without one, and the
// person reads why in their language. Nothing leaves this machine: the provider's script is answered by a
// stand-in that plays only the provider's part (a checkbox that hands the widget's callback a token); the
// app, the page's Content-Security-Policy (which must let the script's address through), Auth and the stack
// are real, and the local Auth checks only that a token came. This file serves the suite's build from a
// stack of its own, started with a provider; phone only. (web/vite.config.ts's build with a provider
// writes the same two <meta>: local/static.test.ts and the build's own check.)
import type { APIRequestContext, Page } from '@playwright/test';
import { loadConfig } from '../local/config.ts';
import { startStack } from '../local/server.ts';
import { CAPTCHA_PROVIDERS } from '../packages/shared/captcha.ts';
import { expect, test, useLanguage } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 24500) + 30;
let stack: Awaited<ReturnType<typeof startStack>>;

test.beforeAll(async () => {
  stack = await startStack({
    reset: true,
    embedded: true,
    config: loadConfig({
      ...process.env,
      PORT: String(port),
      DATA_DIR: `.data/captcha-${port}`,
      AUTH_CAPTCHA_ENABLED: '1',
      AUTH_RATE_LIMIT_SIGN_IN: '100000',
      CAPTCHA_PROVIDER: 'hcaptcha',
      // hCaptcha's published test site key: the stand-in never checks it.
      CAPTCHA_SITE_KEY: '10000000-ffff-ffff-ffff-000000000001',
    }),
  });
});
test.afterAll(async () => {
  await stack?.stop();
});

/**
 * The provider's part, played in the page: a checkbox in the widget's place; ticking it hands the form a
 * token, reset() unticks it. Served at the provider's script address, which the page's policy must allow.
 */
const STAND_IN = `
  const widgets = [];
  window.hcaptcha = {
    render(container, options) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      label.append(box, ' I am human (' + options.hl + ')');
      box.addEventListener('change', () => box.checked && options.callback('stand-in-token-' + Date.now()));
      container.append(label);
      widgets.push({ label, box });
      return String(widgets.length - 1);
    },
    reset(id) { widgets[Number(id)].box.checked = false; },
    remove(id) { widgets[Number(id)].label.remove(); },
  };
  window[new URL(document.currentScript.src).searchParams.get('onload')]();
`;

async function withStandIn(page: Page) {
  const scripts: string[] = [];
  await page.route(`${new URL(CAPTCHA_PROVIDERS.hcaptcha.script).origin}/**`, (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: STAND_IN });
  });
  return scripts;
}

const unique = () => Math.random().toString(36).slice(2, 10);

/** An owner and their business, made through /api with a token (the local Auth checks only that one came). */
async function registerOwner(
  request: APIRequestContext,
  person: { email: string; password: string; firstName: string },
) {
  const data = {
    ...person,
    lastName: 'Owusu',
    organizationName: `${person.firstName} Textiles ${unique()}`,
    country: 'GH',
    currency: 'GHS',
    captchaToken: 'stand-in-token',
  };
  const registered = await request.post(`${stack.url}/api/auth/register`, { data });
  expect(registered.status()).toBe(201);
  return registered.json() as Promise<{
    organization: { id: string; name: string };
    session: { access_token: string };
  }>;
}

/**
 * Submits the form with the widget unsolved: Auth refuses and the person is told what to do, in their
 * language. Then solves it and submits again.
 */
async function refusedThenSolved(page: Page, locale: 'en' | 'fr', submit: string) {
  const human = page.getByRole('checkbox', { name: `I am human (${locale})` });
  await expect(human).toBeVisible();
  await page.getByRole('button', { name: submit }).click();
  await expect(
    page.getByText(
      locale === 'fr'
        ? 'Veuillez compléter la vérification anti-robot, puis réessayer.'
        : 'Please complete the check that you are not a robot, then try again.',
    ),
  ).toBeVisible();
  return async () => {
    await human.check();
    await page.getByRole('button', { name: submit }).click();
  };
}

test('sign-up needs the widget solved; refused without it, in the person’s language (French here)', async ({
  page,
}) => {
  const scripts = await withStandIn(page);
  const blocked: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && blocked.push(m.text()));
  await useLanguage(page, 'fr');
  const email = `captcha-${unique()}@test.kasuwa.app`;

  await page.goto(`${stack.url}/register`);
  await page.getByLabel('Prénom', { exact: true }).fill('Kojo');
  await page.getByLabel('Nom', { exact: true }).fill('Asante');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('kojo-secret-2026');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByLabel('Nom de l’entreprise').fill(`Kojo Hardware ${unique()}`);
  await page.getByLabel('Pays').selectOption('GH');
  // Not solved: Auth refuses the sign-up, and the person is told what to do, in French.
  const solve = await refusedThenSolved(page, 'fr', 'Créer le compte');
  await expect(page).toHaveURL(/\/register$/);
  // Solved: the account and the business are made, and the person is in.
  await solve();
  await expect(page.getByRole('heading', { name: 'Bienvenue, Kojo' })).toBeVisible();

  // The provider's script came once, and the page's policy let it run.
  expect(scripts).toHaveLength(1);
  expect(blocked).toEqual([]);
});

test('sign-in needs the widget solved too; refused without it, in English here', async ({ page }) => {
  const scripts = await withStandIn(page);
  const email = `captcha-${unique()}@test.kasuwa.app`;
  await registerOwner(page.request, { email, password: 'ama-secret-2026', firstName: 'Ama' });

  await useLanguage(page, 'en');
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('ama-secret-2026');
  const solve = await refusedThenSolved(page, 'en', 'Sign In');
  await solve();
  await expect(page.getByRole('heading', { name: 'Welcome, Ama' })).toBeVisible();
  // The widget was reset after the refused attempt: a token is good for one attempt.
  expect(scripts).toHaveLength(1);
});

test('an invitee’s registration passes the widget’s token on to Auth, and is refused without one', async ({
  page,
}) => {
  // An owner and an invitation, through /api.
  const { organization, session } = await registerOwner(page.request, {
    email: `owner-${unique()}@test.kasuwa.app`,
    password: 'ama-secret-2026',
    firstName: 'Ama',
  });
  const email = `efua-${unique()}@test.kasuwa.app`;
  const invited = await page.request.post(`${stack.url}/api/organizations/${organization.id}/invitations`, {
    data: { email, role: 'SALES' },
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(invited.status()).toBe(201);
  const link = (await invited.json()).token as string;

  await withStandIn(page);
  await useLanguage(page, 'en');
  await page.goto(`${stack.url}/invite/${link}/register`);
  await page.getByLabel('First name', { exact: true }).fill('Efua');
  await page.getByLabel('Last name', { exact: true }).fill('Mensah');
  await page.getByLabel('Password', { exact: true }).fill('efua-secret-2026');
  const solve = await refusedThenSolved(page, 'en', 'Create account and join');
  await solve();
  await expect(page.getByText(`Welcome to ${organization.name}`)).toBeVisible();
});

test('POST /api/auth/login passes the token on too: 400 CAPTCHA_FAILED without one', async ({ request }) => {
  const email = `login-${unique()}@test.kasuwa.app`;
  const password = 'yaw-secret-2026';
  await registerOwner(request, { email, password, firstName: 'Yaw' });
  const refused = await request.post(`${stack.url}/api/auth/login`, { data: { email, password } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ reason: 'CAPTCHA_FAILED' });
  const signedIn = await request.post(`${stack.url}/api/auth/login`, {
    data: { email, password, captchaToken: 'stand-in-token' },
  });
  expect(signedIn.status()).toBe(200);
});

test('an app built without a provider shows no widget and downloads nothing from one', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  // The suite's own build (no provider), served by the suite's stack.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByTestId('captcha')).toHaveCount(0);
  expect(requested.filter((u) => /hcaptcha|cloudflare/.test(u))).toEqual([]);
});
