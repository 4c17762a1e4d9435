import { expect, openNavigation, test, useLanguage } from './fixtures.ts';

test.describe('the landing page', () => {
  test('shows the headline, the six features, the statistics, the call to action and the footer; View Features scrolls to them', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run your whole business from your phone',
    );
    for (const feature of [
      'Inventory Management',
      'Invoicing & Payments',
      'CRM',
      'Business Reporting',
      'Multi-tenant Orgs',
      'Team Collaboration',
    ]) {
      await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    const stats = page.getByLabel('Statistics');
    await expect(stats).toContainText('16');
    await expect(stats).toContainText('West African countries');
    await expect(stats).toContainText('100%');
    await expect(stats).toContainText('24/7');
    await expect(stats).toContainText('9');
    await expect(page.getByText('14-day free trial', { exact: true })).toBeVisible();
    await expect(page.getByText('No card required', { exact: true })).toBeVisible();
    await expect(page.getByTestId('country-grid').getByRole('listitem')).toHaveCount(16);
    await expect(page.getByTestId('country-grid')).toContainText('Guinea-Bissau');
    await expect(page.getByTestId('country-grid')).not.toContainText('Kenya');
    await expect(page.getByTestId('currency-list').getByRole('listitem')).toHaveCount(9);
    // Signing up starts at registration; Sign In stays the way back for those who have an account.
    await expect(page.getByRole('link', { name: 'Start Your Free Trial' })).toHaveAttribute(
      'href',
      '/register',
    );
    // View Features scrolls to the features.
    await page.getByRole('button', { name: 'View Features' }).click();
    await expect(page.getByRole('heading', { name: 'Everything your business needs' })).toBeInViewport();

    // The footer: the year, the product name and the tagline.
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Kasuwa. All rights reserved.`);
    await expect(footer).toContainText('Empowering African businesses with smart management solutions.');

    await openNavigation(page);
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveCount(2);
    for (const link of await page.getByRole('link', { name: 'Get Started Free' }).all())
      await expect(link).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toHaveAttribute('href', '/login');
  });

  test('keeps the chosen theme; switches to French with the "Language Changed" toast, and stays in French after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'kasuwa-dark');
    expect(await page.evaluate(() => localStorage.getItem('kasuwa-theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);

    await openNavigation(page);
    await page
      .getByRole('group', { name: 'Language' })
      .filter({ visible: true })
      .getByRole('button', { name: 'FR' })
      .click();
    await expect(page.getByText('Langue modifiée')).toBeVisible();
    await expect(page.getByText('La langue est passée au français.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Gérez toute votre entreprise depuis votre téléphone',
    );
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Commencer votre essai gratuit' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gestion des stocks' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Tous droits réservés.');
  });
});

test.describe('the pricing page', () => {
  test('shows the three plans, the 14-day trial the landing page also states, local prices and the FAQ, with an annual discount', async ({
    page,
  }) => {
    await page.goto('/pricing');
    for (const plan of ['Starter', 'Professional', 'Enterprise']) {
      await expect(page.getByRole('heading', { name: plan, exact: true })).toBeVisible();
    }
    await expect(page.getByText('14-day free trial on paid plans. No card required.')).toBeVisible();
    await expect(page.getByText('30-day')).toHaveCount(0);
    await expect(page.getByText('50 invoices per month')).toBeVisible();
    await expect(page.getByText('$15')).toBeVisible();
    await expect(page.getByText('$45')).toBeVisible();
    const prices = page.getByTestId('local-prices');
    for (const [code, amount] of [
      ['NGN', '6,000'],
      ['GHS', '180'],
      ['KES', '1,950'],
      ['ZAR', '270'],
      ['XOF', '9,000'],
    ]) {
      await expect(prices.getByRole('row', { name: `${code} ${amount}` })).toBeVisible();
    }
    await page.getByRole('checkbox', { name: 'Annual billing' }).check();
    await expect(page.getByText('$144')).toBeVisible();
    await page.getByText('What happens to my data if I cancel?').click();
    await expect(page.getByText('Your data is kept for 30 days after cancellation')).toBeVisible();
    // Pricing is marked as the current page in the navigation.
    await openNavigation(page);
    await expect(page.getByRole('link', { name: 'Pricing' }).filter({ visible: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('the features and about pages', () => {
  test('lists every feature under #all-features, and a link there counts as Features in the navigation', async ({
    page,
  }) => {
    await page.goto('/features#all-features');
    await expect(page.getByRole('heading', { name: 'Features built for African businesses' })).toBeVisible();
    await expect(page.locator('#all-features').getByRole('heading')).toHaveCount(8);
    await openNavigation(page);
    await expect(page.getByRole('link', { name: 'Features' }).filter({ visible: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('tells who we are in English and in French', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Kasuwa' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What we value' })).toBeVisible();
    await useLanguage(page, 'fr');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'À propos de Kasuwa' })).toBeVisible();
  });
});

test.describe('the testimonials and demo pages', () => {
  test('shows sample testimonials, marked as samples, and a demo of fixed sample data', async ({ page }) => {
    await page.goto('/testimonials');
    await expect(page.getByRole('heading', { name: 'What business owners say' })).toBeVisible();
    await expect(page.getByText('Sample entries')).toBeVisible();
    await expect(page.locator('figure')).toHaveCount(6);

    // The demo walks through the Dashboard, Inventory, Invoices and CRM tabs of fixed sample data.
    await page.goto('/demo');
    await expect(page.getByText('Cash received')).toBeVisible();
    await expect(page.getByText('₵12,450.00')).toBeVisible();
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await expect(page.getByRole('row', { name: /Milo 400g Tin.*Out of Stock/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Frytol Cooking Oil.*Low Stock/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await expect(page.getByRole('row', { name: /INV-000125.*Issued/ })).toBeVisible();
    await page.getByRole('tab', { name: 'CRM' }).click();
    await expect(page.getByRole('row', { name: /School term supplies.*Proposal/ })).toBeVisible();
  });
});

test.describe('the terms and the privacy policy', () => {
  test('are linked from sign-in and registration, in English and in French', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'terms of service', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await page.goto('/register');
    await page.getByRole('link', { name: 'privacy policy', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');

    await useLanguage(page, 'fr');
    await page.goto('/register');
    await page.getByRole('link', { name: 'conditions d’utilisation', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions d’utilisation');
    await page.goto('/login');
    await page.getByRole('link', { name: 'politique de confidentialité', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
  });
});

// Every public page fits the screen (no horizontal scrolling at 360 and 1280 px): checked page by page as
// e2e/accessibility.spec.ts analyses the pages a visitor sees.
