import { expect, signIn, test, useLanguage } from './fixtures.ts';

test.describe('an unknown address', () => {
  test('says in English that the page does not exist, and leads back home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expect(page.getByText('The link may be mistyped or out of date.')).toBeVisible();
    await expect(page.getByText(/router/i)).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('says it in French, and leads a member back to the dashboard', async ({ page }) => {
    await useLanguage(page, 'fr');
    await signIn(page, undefined, undefined, { load: false });
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Cette page n’existe pas' })).toBeVisible();
    await expect(page.getByText('Le lien est peut-être mal saisi ou n’est plus valable.')).toBeVisible();
    await expect(page.getByText(/routeur/i)).toHaveCount(0);
    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toBeVisible();
  });
});
