import { randomUUID } from 'node:crypto';
import { SERVICE_ROLE_KEY } from '../local/config.ts';
import { expect, openNavigation, signIn, test } from './fixtures.ts';

const unique = () => randomUUID().slice(0, 8);

test.describe('registration and sign-in', () => {
  test('a newcomer registers in two steps and lands signed in, then signs out and back in', async ({
    page,
  }) => {
    const id = unique();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByText('Must be at least 8 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();

    await page.getByLabel('First name').fill('Abena');
    await page.getByLabel('Last name').fill('Owusu');
    await page.getByLabel('Email').fill(`abena-${id}@test.kasuwa.app`);
    await page.getByLabel('Password').fill('abena-secret-1');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Setup Your Organization' })).toBeVisible();
    await expect(page.getByText('This name must be unique across all organizations')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Organization name is required.')).toBeVisible();
    // The currency follows the country: only the country says what to do.
    await expect(page.getByText('Please select a country.')).toBeVisible();
    await expect(page.getByText('Please select a currency.')).toHaveCount(0);
    await page.getByLabel('Organization name').fill(`Abena Pharmacy ${id}`);
    await page.getByLabel('Country').selectOption('SN');
    await expect(page.getByLabel('Currency')).toHaveValue('XOF');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Welcome to Kasuwa!')).toBeVisible();
    await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Abena' })).toBeVisible();
    await expect(page.getByRole('main').getByText(`Abena Pharmacy ${id}`)).toBeVisible();
    await expect(page.getByText('Your role: Owner')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Abena' })).toBeVisible();

    await page.getByLabel('User menu').click();
    await expect(page.getByTestId('user-menu')).toContainText('Abena Owusu');
    await expect(page.getByTestId('user-menu')).toContainText('Owner');
    await page.getByTestId('user-menu').getByRole('link', { name: 'Sign Out' }).click();
    // The home page alone (the app's screen, with its own headings, gone).
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run your whole business from your phone',
    );

    await page.goto('/login');
    await page.getByLabel('Email').fill(`abena-${id}@test.kasuwa.app`);
    await page.getByLabel('Password').fill('abena-secret-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByText('You have been signed in successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Abena' })).toBeVisible();
  });

  test('Previous and Next keep each step of the registration with its own values', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('First name').fill('Kwame');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email').fill('kwame@test.kasuwa.app');
    await page.getByLabel('Password').fill('kwame-secret-1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Organization name').fill('Prev Org');
    await page.getByLabel('Country').selectOption('GH');
    await expect(page.getByLabel('Currency')).toHaveValue('GHS');

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Kwame');
    await expect(page.getByLabel('Last name')).toHaveValue('Mensah');
    await expect(page.getByLabel('Email')).toHaveValue('kwame@test.kasuwa.app');
    await expect(page.getByLabel('Password')).toHaveValue('kwame-secret-1');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Organization name')).toHaveValue('Prev Org');
    await expect(page.getByLabel('Country')).toHaveValue('GH');
    await expect(page.getByLabel('Currency')).toHaveValue('GHS');
  });

  test('a problem goes as soon as it is put right, and Enter on the first step goes to the second', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    // The cursor is where the first problem is.
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('First name').fill('Esi');
    await expect(page.getByText('First name is required.')).toHaveCount(0);
    await expect(page.getByText('Last name is required.')).toBeVisible();
    await page.getByLabel('Last name').fill('Boateng');
    await page.getByLabel('Email').fill('esi@test.kasuwa.app');
    await page.getByLabel('Password').fill('esi-secret-1');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('heading', { name: 'Setup Your Organization' })).toBeVisible();
    // Nothing was said about the second step's fields before its own check.
    await expect(page.getByText('Organization name is required.')).toHaveCount(0);
  });

  test('a wrong password gives "Sign In Failed" with the server message; the demo owner then signs in to Kasuwa Demo Shop, and /api/login goes home', async ({
    page,
  }) => {
    await page.goto('/api/login');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await page.getByLabel('Email').fill('demo@kasuwa.app');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Sign In Failed')).toBeVisible();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Password').fill('kasuwa-demo-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('main').getByText('Kasuwa Demo Shop')).toBeVisible();
    await page.goto('/api/login');
    await expect(page.getByRole('heading', { name: 'Welcome, Ama' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a taken email takes the newcomer back to the first step, with the reason under the email; a taken organization name is said under the name', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByLabel('First name').fill('Kofi');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email').fill('demo@kasuwa.app');
    await page.getByLabel('Password').fill('kofi-secret-1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Organization name').fill(`Kofi Stores ${unique()}`);
    await page.getByLabel('Country').selectOption('GH');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration Failed')).toBeVisible();
    const email = page.getByLabel('Email');
    await expect(email).toHaveAccessibleDescription('An account with this email already exists');
    await expect(email).toHaveValue('demo@kasuwa.app');
    await expect(page.getByLabel('First name')).toHaveValue('Kofi');
    await email.fill(`kofi-${unique()}@test.kasuwa.app`);
    await page.getByRole('button', { name: 'Next' }).click();
    // The second step kept what was typed.
    await expect(page.getByLabel('Country')).toHaveValue('GH');

    // A taken organization name (whatever its case and spaces) is said in the toast and under the name,
    // where the cursor now is.
    await page.getByLabel('Organization name').fill('  kasuwa demo SHOP ');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // (The toast about the email may still be up beside it.)
    await expect(
      page.getByTestId('toast').filter({ hasText: 'An organization with this name already exists' }),
    ).toContainText('Registration Failed');
    const name = page.getByLabel('Organization name');
    await expect(name).toHaveAccessibleDescription('An organization with this name already exists');
    await expect(name).toBeFocused();
  });
});

test.describe('the application shell', () => {
  test('shows the sections, the organization with its country and currency, and the connection state', async ({
    page,
  }) => {
    // Signed in without the form (the tests above are about it).
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Welcome, Ama' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Online', { exact: true })).toBeVisible();
    if ((page.viewportSize()?.width ?? 1280) < 768)
      await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('link', { name: 'Inventory' }).filter({ visible: true });
    await expect(page.getByTestId('organization-switcher').filter({ visible: true })).toContainText(
      'Ghana · GHS',
    );
    for (const name of ['Dashboard', 'Sales', 'CRM', 'Accounting', 'Reports', 'Team', 'Settings']) {
      await expect(page.getByRole('link', { name, exact: true }).filter({ visible: true })).toBeVisible();
    }
    await nav.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    await page.context().setOffline(true);
    await expect(page.getByRole('banner').getByText('Offline', { exact: true })).toBeVisible();
    await expect(page.getByText("You're Offline")).toBeVisible();
    await expect(
      page.getByText("You can continue working. Changes will sync when you're back online."),
    ).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByText('Back Online')).toBeVisible();
    await expect(page.getByText('Syncing your offline changes...')).toBeVisible();
  });

  test('sends a visitor at an app screen to sign in, and back to that screen afterwards', async ({
    page,
  }) => {
    await page.goto('/sales?tab=payments');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Kasuwa Demo Shop')).toHaveCount(0);
    await page.getByLabel('Email').fill('demo@kasuwa.app');
    await page.getByLabel('Password').fill('kasuwa-demo-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/sales\?tab=payments$/);
    await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
    // An unknown path is still not found, signed in or not.
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  });
});

test.describe('a user without an organization', () => {
  test('gets "<first name> Organization" in Nigeria, in naira, created on first sign-in', async ({
    page,
    request,
  }) => {
    const email = `solo-${unique()}@test.kasuwa.app`;
    const created = await request.post('/auth/v1/admin/users', {
      headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, apikey: SERVICE_ROLE_KEY },
      data: {
        email,
        password: 'solo-secret-1',
        email_confirm: true,
        user_metadata: { first_name: `Zainab${unique()}` },
      },
    });
    expect(created.ok()).toBe(true);
    const firstName = (await created.json()).user_metadata.first_name as string;
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('solo-secret-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('main').getByText(`${firstName} Organization`)).toBeVisible();
    await openNavigation(page);
    await expect(page.getByTestId('organization-switcher').filter({ visible: true })).toContainText(
      'Nigeria · NGN',
    );
  });
});

test.describe('signing out', () => {
  test('while a list is still loading goes to the home page, not to "Unauthorized" and sign-in', async ({
    page,
  }) => {
    await signIn(page, undefined, undefined, { load: false });
    // The Data API answers slowly: the invoice list's read reaches the server after the session has ended
    // there, and is answered 401.
    await page.route(/\/(rest\/v1|api)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => {});
    });
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if ((document.body?.innerText ?? '').includes('You are logged out. Logging in again...'))
          sessionStorage.setItem('saw-toast', '1');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/sales');
    await page.getByLabel('User menu').click();
    await page.getByTestId('user-menu').getByRole('link', { name: 'Sign Out' }).click();
    // The home page alone (the app's screen, with its own headings, gone).
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run your whole business from your phone',
    );
    // Longer than the slow answers and the 500 ms before a redirect to sign-in.
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('saw-toast'))).toBeNull();
    // Signing in again after choosing to sign out: no word of an expired session.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('Your session has expired')).toHaveCount(0);
  });
});

test.describe('an expired session', () => {
  test('met by any list, not only the first screen, says "Unauthorized" and goes to sign-in', async ({
    page,
    request,
  }) => {
    await signIn(page, undefined, undefined, { load: false });
    await page.goto('/sales');
    await expect(page.getByTestId('invoices-table')).toBeVisible();
    // What the app reads by itself once a screen is done (the sidebar's count; the device warm-up is not
    // served here) is read before the session ends: a read of the test's making is then the first the server
    // refuses, not one of those, whenever they come.
    await page.waitForFunction(() => performance.getEntriesByName('kasuwa:first-screen-done').length > 0);
    await page.waitForLoadState('networkidle');
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('kasuwa-auth')))!) as {
      access_token: string;
    };
    const out = await request.post('/auth/v1/logout?scope=local', {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(out.status()).toBe(204);
    // The toast shows for 500 ms before sign-in opens: what the page showed is noted as it happens.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.body.innerText.includes('You are logged out. Logging in again...'))
          sessionStorage.setItem('saw-toast', '1');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    // A list read for the first time (a search of the invoices, which the device does not keep): the server
    // refuses the session.
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('no such invoice');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('saw-toast'))).toBe('1');
    // Sign-in says why it opened.
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  });

  for (const path of ['/', '/sales']) {
    test(`shows "Unauthorized" and goes to sign-in after 500 ms, from ${path}, without a 404 meanwhile`, async ({
      page,
      request,
    }) => {
      await signIn(page); // the demo account
      await expect(page.getByRole('heading', { name: 'Welcome, Ama' })).toBeVisible();
      const session = JSON.parse((await page.evaluate(() => localStorage.getItem('kasuwa-auth')))!) as {
        access_token: string;
      };
      // Signed out on another device: this session is no longer valid on the server.
      const out = await request.post('/auth/v1/logout?scope=local', {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(out.status()).toBe(204);
      // What the page shows on the way to sign-in (the toast lasts 500 ms) is remembered across the redirect.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          const text = document.body?.innerText ?? '';
          if (text.includes('This page does not exist')) sessionStorage.setItem('saw-404', '1');
          if (/Unauthorized\s+You are logged out\. Logging in again\.\.\./.test(text))
            sessionStorage.setItem('saw-toast', '1');
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      expect(
        await page.evaluate(() => [sessionStorage.getItem('saw-toast'), sessionStorage.getItem('saw-404')]),
      ).toEqual(['1', null]);
      await expect(page.getByRole('status').filter({ hasText: 'Your session has expired.' })).toHaveText(
        'Your session has expired. Please sign in again.',
      );
      // Signing in again comes back to where the session ended.
      await page.getByLabel('Email').fill('demo@kasuwa.app');
      await page.getByLabel('Password').fill('kasuwa-demo-2026');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(page.getByRole('banner')).toBeVisible();
    });
  }
});
