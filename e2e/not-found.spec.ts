import { expect, test, useLanguage } from './fixtures.ts';

test.describe('an unknown address', () => {
  test('shows "404 Page Not Found" in English', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('shows the not-found page in French', async ({ page }) => {
    await useLanguage(page, 'fr');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page introuvable' })).toBeVisible();
    await expect(page.getByText('Avez-vous oublié d’ajouter la page au routeur ?')).toBeVisible();
  });
});
