import {
  allowMoreOrganizations,
  apiAs,
  expect,
  openNavigation,
  registerOwner,
  signIn,
  test,
  useLanguage,
} from './fixtures.ts';

const switcher = (page: import('@playwright/test').Page) =>
  page.getByTestId('organization-switcher').filter({ visible: true });

test.describe('several organizations', () => {
  test(
    'an owner on the free plan is told it keeps one business, upgrades, creates a second (not under a taken name), switches between them, and the choice survives a reload',
    { tag: '@wide' },
    async ({ page }) => {
      const owner = await registerOwner(page);
      await signIn(page, owner.email, owner.password);
      await openNavigation(page);
      await expect(switcher(page).getByTestId('current-organization')).toHaveText(owner.organizationName);
      await expect(switcher(page)).toContainText('Ghana · GHS');

      await switcher(page).getByRole('button', { name: 'Create organization' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create organization' });
      await dialog.getByLabel('Organization Name').fill(`Second Shop ${owner.id}`);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Your plan allows 1 business. Upgrade to add more.')).toBeVisible();
      await allowMoreOrganizations(page, owner.organizationName); // the free plan allows one
      await dialog.getByLabel('Organization Name').fill('KASUWA demo shop');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByLabel('Organization Name')).toHaveAccessibleDescription(
        'An organization with this name already exists',
      );
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      // Neither refusal created anything (the navigation, where the dialog was opened from, is still open).
      await expect(switcher(page).getByText('Switch to')).toHaveCount(0);

      await switcher(page).getByRole('button', { name: 'Create organization' }).click();
      await dialog.getByLabel('Organization Name').fill('');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Organization name is required')).toBeVisible();
      await dialog.getByLabel('Organization Name').fill(`Efua Wholesale ${owner.id}`);
      await dialog.getByLabel('Country').selectOption('CI');
      await expect(dialog.getByLabel('Currency')).toHaveValue('XOF');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Organization created successfully')).toBeVisible();

      await openNavigation(page);
      await expect(switcher(page).getByTestId('current-organization')).toHaveText(
        `Efua Wholesale ${owner.id}`,
      );
      await expect(switcher(page)).toContainText('XOF');
      await page.reload();
      await openNavigation(page);
      await expect(switcher(page).getByTestId('current-organization')).toHaveText(
        `Efua Wholesale ${owner.id}`,
      );

      await switcher(page).getByRole('button', { name: owner.organizationName }).click();
      await openNavigation(page);
      await expect(switcher(page).getByTestId('current-organization')).toHaveText(owner.organizationName);
      await expect(switcher(page)).toContainText('Ghana · GHS');
    },
  );
});

test.describe('settings', () => {
  // Its subject is the settings form, the same at any width (the sidebar's switcher at 1280 px is the test
  // above's).
  test('the owner renames the organization and moves it to Senegal; the sidebar follows', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Organization' })).toHaveAttribute('aria-selected', 'true');
    const name = page.getByLabel('Organization Name');
    await expect(name).toHaveValue(owner.organizationName);
    await expect(page.getByLabel('Time zone')).toHaveValue('Africa/Accra');
    await expect(page.getByLabel('Default tax rate (%)')).toHaveValue('20');
    await name.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Organization name is required')).toBeVisible();

    await name.fill(`Efua Dakar ${owner.id}`);
    await page.getByLabel('Country').selectOption('SN');
    await expect(page.getByLabel('Currency')).toHaveValue('XOF');
    await page.getByLabel('Time zone').selectOption('Africa/Dakar');
    await page.getByLabel('Default tax rate (%)').fill('18');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Organization settings updated successfully')).toBeVisible();
    await openNavigation(page);
    await expect(switcher(page).getByTestId('current-organization')).toHaveText(`Efua Dakar ${owner.id}`);
    await expect(switcher(page)).toContainText('Senegal · XOF');

    await page.reload();
    await expect(page.getByLabel('Time zone')).toHaveValue('Africa/Dakar');
    await expect(page.getByLabel('Default tax rate (%)')).toHaveValue('18');

    // The details and the business profile kept on the device were read in the same millisecond (as on a
    // first visit). Shown from there, then read again (the details first): one form, with the saved values.
    // (The copy is edited from a page of the same origin without the app, which would write its own over it.)
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('kasuwa-cache')))
      .toContain('Efua Dakar');
    await page.goto('/health');
    await page.evaluate(() => {
      const kept = JSON.parse(localStorage.getItem('kasuwa-cache')!);
      for (const q of kept.clientState.queries) q.state.dataUpdatedAt = 1_700_000_000_000;
      localStorage.setItem('kasuwa-cache', JSON.stringify(kept));
    });
    const held = (pattern: RegExp) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      void page.route(pattern, async (route) => {
        await released;
        await route.continue();
      });
      return { release, answered: page.waitForResponse(pattern) };
    };
    const details = held(/\/api\/organizations\/[\w-]+$/);
    const profile = held(/\/api\/organizations\/[\w-]+\/profile$/);
    await page.goto('/settings');
    await expect(page.getByLabel('Time zone')).toHaveValue('Africa/Dakar');
    details.release();
    await details.answered;
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(1);
    await expect(page.getByLabel('Time zone')).toHaveValue('Africa/Dakar');
    profile.release();
    await profile.answered;
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Save business profile' })).toHaveCount(1);

    await page.getByRole('tab', { name: 'Activity log' }).click();
    await expect(page.getByTestId('audit-log').getByRole('listitem').first()).toContainText(
      'Efua Boateng · changed the organization',
    );
  });

  test('the profile keeps the names, shows the email read-only, and its language follows the user', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    await page.getByLabel('User menu').click();
    await page.getByTestId('user-menu').getByRole('link', { name: 'Profile Settings' }).click();
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Email')).toHaveValue(owner.email);
    await expect(page.getByText('Email address cannot be changed from this interface')).toBeVisible();
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await page.getByLabel('First Name').fill('Efuaba');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile settings updated successfully')).toBeVisible();
    await page.getByLabel('User menu').click();
    await expect(page.getByTestId('user-menu')).toContainText('Efuaba Boateng');
    await page.keyboard.press('Escape');

    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Langue modifiée')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profil' })).toBeVisible();

    // Another browser (no saved language) opens in the profile's language.
    await page.evaluate(() => localStorage.removeItem('kasuwa-locale'));
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Profil' })).toBeVisible();
    await expect(
      page.getByText('L’adresse e-mail ne peut pas être modifiée depuis cette interface'),
    ).toBeVisible();
  });

  test('a French-speaking owner does everything in French: register (a taken name refused), settings (the currency stays once amounts exist), sign out', async ({
    page,
  }) => {
    await useLanguage(page, 'fr');
    const id = Math.random().toString(36).slice(2, 10);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByText('Le prénom est obligatoire.')).toBeVisible();
    await page.getByLabel('Prénom').fill('Awa');
    await page.getByLabel('Nom', { exact: true }).fill('Diop');
    await page.getByLabel('E-mail').fill(`awa-${id}@test.kasuwa.app`);
    await page.getByLabel('Mot de passe').fill('awa-secret-1');
    await page.getByRole('button', { name: 'Suivant' }).click();
    // A name already taken (whatever its case and spaces) is refused under its field, in French.
    await page.getByLabel('Nom de l’entreprise').fill('  kasuwa demo SHOP ');
    await page.getByLabel('Pays').selectOption('SN');
    await expect(page.getByLabel('Monnaie')).toHaveValue('XOF');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page.getByText('Échec de l’inscription')).toBeVisible();
    await expect(page.getByLabel('Nom de l’entreprise')).toHaveAccessibleDescription(
      'Une entreprise porte déjà ce nom',
    );
    await expect(page.getByText('An organization with this name already exists')).toHaveCount(0);
    await page.getByLabel('Nom de l’entreprise').fill(`Boutique Awa ${id}`);
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page.getByText('Votre compte a été créé.')).toBeVisible();

    // Once an amount is recorded the currency stays: nothing is ever converted.
    await apiAs(page, '/products', {
      name: 'Riz 5 kg',
      sku: 'RIZ-5',
      cost: 100,
      price: 150,
      openingStock: 3,
    });
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Entreprise', exact: true })).toBeVisible();
    await expect(page.getByLabel('Nom de l’entreprise')).toHaveValue(`Boutique Awa ${id}`);
    await expect(page.getByText('Les montants ne sont jamais convertis')).toBeVisible();
    await page.getByLabel('Pays').selectOption('GH');
    await expect(page.getByLabel('Monnaie')).toHaveValue('GHS');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(page.getByTestId('toast')).toContainText('La devise reste XOF');
    await expect(page.getByLabel('Monnaie')).toHaveAccessibleDescription(/La devise reste XOF/);
    await page.reload();
    await expect(page.getByLabel('Monnaie')).toHaveValue('XOF');
    await page.getByLabel('Nom de l’entreprise').fill('');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(page.getByText('Le nom de l’entreprise est obligatoire')).toBeVisible();
    await page.getByRole('tab', { name: 'Profil' }).click();
    await expect(page.getByLabel('Langue')).toHaveValue('fr');

    await page.getByLabel('Menu utilisateur').click();
    await page.getByTestId('user-menu').getByRole('link', { name: 'Se déconnecter' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Gérez toute votre entreprise depuis votre téléphone',
    );
  });

  test('preferences and notifications are saved for the member and take effect', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/settings?tab=preferences');
    const compact = page.getByRole('switch', { name: /Compact View/ });
    await expect(compact).not.toBeChecked();
    await compact.check();
    await expect(page.locator('html')).toHaveAttribute('data-compact', '');
    await page.getByRole('switch', { name: /Dark Mode/ }).check();
    await expect(page.locator('html')).toHaveClass(/dark/);

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('switch', { name: /Low Stock Alerts/ })).toBeChecked();
    await expect(page.getByRole('switch', { name: /Payment Reminders/ })).toBeChecked();
    await expect(page.getByRole('switch', { name: /New Lead Notifications/ })).toBeChecked();
    await expect(page.getByRole('switch', { name: /Team Activity/ })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: /Marketing Updates/ })).not.toBeChecked();
    await page.getByRole('switch', { name: /Payment Reminders/ }).uncheck();
    await page.getByRole('switch', { name: /Marketing Updates/ }).check();
    await expect
      .poll(async () => (await apiAs(page, '/preferences')).paymentReminders as boolean)
      .toBe(false);

    // Another browser of the same member: the saved choices follow.
    await page.evaluate(() => localStorage.removeItem('kasuwa-theme'));
    await page.reload();
    await expect(page.getByRole('switch', { name: /Payment Reminders/ })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: /Marketing Updates/ })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-compact', '');
    await expect(page.locator('html')).toHaveClass(/dark/);

    // The theme switch of the navigation (in the slide-out menu on a phone) shows the saved theme, and what
    // is chosen there stays after a reload.
    const phone = (page.viewportSize()?.width ?? 1280) < 640;
    const theme = () => page.getByRole('combobox', { name: 'Theme' }).filter({ visible: true });
    if (phone) await openNavigation(page);
    await expect(theme()).toHaveValue('dark');
    await theme().selectOption('light');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    if (phone) await openNavigation(page);
    await expect(theme()).toHaveValue('light');
    if (phone) await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Preferences' }).click();
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByText('Langue modifiée')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Préférences' })).toBeVisible();
  });
});
