// A visitor's first page paints from the HTML, before the app's code arrives: the landing page and
// sign-in are prerendered in English and French into index.html, which shows the one for its address and the
// visitor's language — never to a member — as a picture (inert) until the app draws the same page over it,
// with no "Loading..." in between.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// The app's scripts come from the network here, not from a service worker, so they can be held back.
test.use({ serviceWorkers: 'block' });

/** Holds back the app's scripts until `release` is called: what a phone on 3G shows before its code. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Notes whether "Loading..." (the spinner) is ever drawn from now on. */
async function watchForSpinner(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sawSpinner: boolean };
    w.sawSpinner = false;
    new MutationObserver(() => {
      if (document.querySelector('.loading-spinner')) w.sawSpinner = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
}
const sawSpinner = (page: Page) =>
  page.evaluate(() => (window as unknown as { sawSpinner: boolean }).sawSpinner);

const LANGUAGES = [
  {
    locale: 'en-GB',
    lang: 'en',
    headline: 'Run your whole business from your phone',
    side: 'Built for African SMEs: 16 West African countries, Kenya and South Africa',
    email: 'Email',
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    headline: 'Gérez toute votre entreprise depuis votre téléphone',
    side: 'Conçu pour les PME africaines : 16 pays d’Afrique de l’Ouest, le Kenya et l’Afrique du Sud',
    email: 'E-mail',
  },
] as const;

for (const l of LANGUAGES) {
  test.describe(`(${l.lang}) a visitor`, () => {
    test.use({ locale: l.locale });

    test('sees the landing page before the app’s code, in their browser’s language, then the app’s own', async ({
      page,
    }) => {
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const headline = page.getByRole('heading', { level: 1, name: l.headline });
      await expect(headline).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      // Only the page shown is in the document: no second language, no sign-in page.
      await expect(page.locator('[data-prerendered]')).toHaveCount(1);
      await expect(page.locator('[data-prerendered]')).toHaveAttribute('inert', '');
      await watchForSpinner(page);
      release();
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      await expect(headline).toBeVisible();
      expect(await sawSpinner(page)).toBe(false);
      // The app's page works: its button scrolls to the features.
      await page
        .getByRole('link', { name: /^(Get Started|Commencer)/ })
        .first()
        .waitFor();
    });

    test('sees sign-in before the app’s code, as a picture, then signs in with the app', async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { name: l.side })).toBeVisible();
      await expect(
        page.locator('[data-prerendered="login-' + l.lang + '"] input[name="email"]'),
      ).toBeVisible();
      await watchForSpinner(page);
      release();
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      expect(await sawSpinner(page)).toBe(false);
      await page.getByLabel(l.email, { exact: true }).fill('demo@kasuwa.app');
      await expect(page.getByLabel(l.email, { exact: true })).toHaveValue('demo@kasuwa.app');
    });
  });
}

test('a member at / never sees the landing page: the prerendered pages are not shown to a session', async ({
  page,
}) => {
  await signIn(page, undefined, undefined, { load: false });
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-prerender');
  release();
  await expect(page.getByLabel(/ (User menu|Menu utilisateur)$/)).toBeVisible();
});
