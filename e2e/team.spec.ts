import type { Browser, Page } from '@playwright/test';
import {
  apiAs,
  expect,
  openNavigation,
  registerOwner,
  signIn,
  test,
  tokenOf,
  useLanguage,
} from './fixtures.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();
const switcher = (page: Page) => page.getByTestId('organization-switcher').filter({ visible: true });
const roleCount = (page: Page, role: string) => page.getByTestId(`role-count-${role}`).locator('p').last();

/** A second person in their own browser context (no shared session), signed out. */
async function stranger(browser: Browser, locale: 'en' | 'fr' = 'en') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, locale);
  return page;
}

/** Invites through the API (for tests about what happens after), with the write id the app would send. */
async function inviteByApi(page: Page, orgId: string, email: string, role: string): Promise<string> {
  const token = await tokenOf(page);
  const res = await page.request.post(`/api/organizations/${orgId}/invitations`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: { email, role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { link: string }).link;
}

test.describe('team', () => {
  test('an owner invites an accountant by link, who registers and joins; the owner changes their role and removes them', async ({
    page,
    browser,
  }) => {
    test.slow(); // two people, two browsers, a registration and three changes of the team
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/team');
    await expect(roleCount(page, 'OWNER')).toHaveText('1');
    await expect(roleCount(page, 'ACCOUNTANT')).toHaveText('0');
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(page.getByTestId('member-row')).toContainText('Efua Boateng');
    await expect(page.getByTestId('member-row')).toContainText('Active');
    await expect(page.getByText('Full access including billing and organization management')).toBeVisible();

    await button(page, 'Invite Member').click();
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await expect(dialog.getByLabel('Role')).toHaveValue('SALES');
    await dialog.getByLabel('Email Address').fill('kofi-at-example');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    const email = `kofi-${owner.id}@test.kasuwa.app`;
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByLabel('Role').selectOption('ACCOUNTANT');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Team invitation sent successfully')).toBeVisible();
    const link = await dialog.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(/^http:\/\/[^/]+\/invite\/[A-Za-z0-9_-]{32}$/);
    await expect(dialog.getByRole('link', { name: 'Send by WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(
        `You are invited to join ${owner.organizationName} on Kasuwa as Accountant. Open this link to accept: ${link}`,
      )}`,
    );
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const invited = page.getByTestId('invitation-row');
    await expect(invited).toContainText(email);
    await expect(invited).toContainText('Invited');
    await expect(invited).toContainText('Accountant');

    // The invitee opens the link signed out, registers with the invited email, signs in and joins.
    const kofi = await stranger(browser);
    await kofi.goto(link);
    await expect(kofi.getByTestId('invite-summary')).toHaveText(
      `Efua Boateng invited ${email} to join ${owner.organizationName} as Accountant.`,
    );
    await expect(kofi.getByRole('link', { name: 'Sign In' }).filter({ visible: true }).last()).toBeVisible();
    expect(await kofi.evaluate(() => sessionStorage.getItem('kasuwa-invite'))).toBe(link.split('/').pop());
    const invitee = await registerOwner(kofi, { email, firstName: 'Kofi', lastName: 'Mensah' });
    // Signing in from there goes back to the invitation.
    await kofi.getByRole('link', { name: 'Sign In' }).filter({ visible: true }).last().click();
    await kofi.getByLabel('Email').fill(invitee.email);
    await kofi.getByLabel('Password').fill(invitee.password);
    await kofi.getByRole('button', { name: 'Sign In' }).click();
    await expect(kofi).toHaveURL(link);
    await button(kofi, `Join ${owner.organizationName}`).click();
    await expect(kofi.getByText(`Welcome to ${owner.organizationName}`)).toBeVisible();
    await expect(kofi).toHaveURL(/\/$/);
    await openNavigation(kofi);
    await expect(switcher(kofi).getByTestId('current-organization')).toHaveText(owner.organizationName);
    await kofi.getByRole('link', { name: 'Team', exact: true }).filter({ visible: true }).click();
    await expect(kofi.getByText('Your role can view the team but not change it.')).toBeVisible();
    await expect(kofi.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
    await kofi.context().close();

    await page.reload();
    await expect(page.getByTestId('member-row')).toHaveCount(2);
    await expect(page.getByTestId('invitation-row')).toHaveCount(0);
    await expect(roleCount(page, 'ACCOUNTANT')).toHaveText('1');
    await page.getByLabel('Role of Kofi Mensah').selectOption('SALES');
    await expect(page.getByText('Kofi Mensah is now Sales')).toBeVisible();
    await expect(roleCount(page, 'SALES')).toHaveText('1');
    await expect(roleCount(page, 'ACCOUNTANT')).toHaveText('0');

    await button(page, 'Remove Kofi Mensah').click();
    const confirm = page.getByRole('dialog', { name: 'Remove Member' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Kofi Mensah was removed from the team')).toBeVisible();
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(roleCount(page, 'SALES')).toHaveText('0');
  });

  for (const [locale, words] of (
    [
      [
        'en',
        {
          create: 'Create an account',
          title: (org: string) => `Create your account to join ${org}`,
          text: (org: string) =>
            `You will join ${org} as Accountant, with no organization of your own to set up.`,
          first: 'First name',
          last: 'Last name',
          email: 'Email',
          password: 'Password',
          submit: 'Create account and join',
          welcome: (org: string) => `Welcome to ${org}`,
          menu: 'Open menu',
          switchTo: 'Switch to',
        },
      ],
      [
        'fr',
        {
          create: 'Créer un compte',
          title: (org: string) => `Créez votre compte pour rejoindre ${org}`,
          text: (org: string) =>
            `Vous rejoindrez ${org} en tant que Comptable, sans entreprise à configurer.`,
          first: 'Prénom',
          last: 'Nom',
          email: 'E-mail',
          password: 'Mot de passe',
          submit: 'Créer le compte et rejoindre',
          welcome: (org: string) => `Bienvenue dans ${org}`,
          menu: 'Ouvrir le menu',
          switchTo: 'Passer à',
        },
      ],
      // In English only: the French catalogue is checked complete by unit tests, and the invitation's French
      // words by the French team journey below.
    ] as const
  ).filter(([l]) => l === 'en')) {
    test(`(${locale}) an invitee opens the link signed out on a phone, creates an account there and lands in the owner's organization with the role, and no other`, async ({
      page,
      browser,
    }) => {
      test.slow(); // two people, two browsers, a registration
      const owner = await registerOwner(page);
      await signIn(page, owner.email, owner.password, { load: false });
      const orgId = (await apiAs(page, '/auth/user')).organizations[0].id as string;
      const email = `adjoa-${owner.id}@test.kasuwa.app`;
      const link = await inviteByApi(page, orgId, email, 'ACCOUNTANT');

      const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
      const adjoa = await context.newPage();
      await useLanguage(adjoa, locale);
      await adjoa.goto(link);
      if (locale === 'fr') {
        // By way of the sign-in page, whose "Create an account" makes the account for the invitation too.
        await adjoa.getByRole('link', { name: 'Se connecter' }).click();
        await expect(adjoa).toHaveURL(/\/login$/);
      }
      await adjoa.getByRole('link', { name: words.create }).click();
      await expect(adjoa).toHaveURL(`${link}/register`);
      await expect(adjoa.getByRole('heading', { name: words.title(owner.organizationName) })).toBeVisible();
      await expect(adjoa.getByText(words.text(owner.organizationName))).toBeVisible();
      // Only the person: the email is the invitation's, and nothing asks for a business.
      const address = adjoa.getByLabel(words.email, { exact: true });
      await expect(address).toHaveValue(email);
      await expect(address).toHaveAttribute('readonly', '');
      await expect(adjoa.getByTestId('invite-register').locator('input')).toHaveCount(4);
      await adjoa.getByRole('button', { name: words.submit }).click();
      await expect(adjoa.getByText(/^(First name is required|Le prénom est obligatoire)/)).toBeVisible();
      await adjoa.getByLabel(words.first).fill('Adjoa');
      await adjoa.getByLabel(words.last, { exact: true }).fill('Asante');
      await adjoa.getByLabel(words.password).fill('adjoa-secret-1');
      await adjoa.getByRole('button', { name: words.submit }).click();

      await expect(adjoa.getByText(words.welcome(owner.organizationName))).toBeVisible();
      await expect(adjoa).toHaveURL(/\/$/);
      await adjoa.getByRole('button', { name: words.menu }).click();
      await expect(switcher(adjoa).getByTestId('current-organization')).toHaveText(owner.organizationName);
      await expect(switcher(adjoa)).not.toContainText(words.switchTo);
      const me = await apiAs(adjoa, '/auth/user');
      expect(me.organizations).toEqual([expect.objectContaining({ id: orgId, role: 'ACCOUNTANT' })]);
      await context.close();

      await page.goto('/team');
      await expect(page.getByTestId('member-row')).toHaveCount(2);
      await expect(roleCount(page, 'ACCOUNTANT')).toHaveText('1');
    });
  }

  // What each role sees of the team (a salesperson reads it, a manager never touches the owner nor invites
  // one) is drawn as components: web/src/features/team/members-tab.test.tsx and employees-tab.test.tsx; the
  // server's "already a member" under the invite's email in invite-dialog.test.tsx. The rules themselves are
  // the database's: supabase/tests/team.test.ts, supabase/tests/invitations.test.ts.
  test('a link opened by the wrong account says whom it is for; the invitee joins, and the link then leads back', async ({
    page,
    browser,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    const orgId = ((await apiAs(page, '/auth/user')) as { organizations: { id: string }[] }).organizations[0]!
      .id;
    const email = `ama-${owner.id}@test.kasuwa.app`;
    const link = await inviteByApi(page, orgId, email, 'SALES');

    // The owner, signed in, is not the person invited: no Join button, and the email is named.
    await page.goto(link);
    await expect(
      page.getByText(`This invitation is for ${email}. You are signed in as ${owner.email}`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Join/ })).toHaveCount(0);

    const ama = await stranger(browser);
    const invitee = await registerOwner(ama, { email, firstName: 'Ama', lastName: 'Serwaa' });
    await signIn(ama, invitee.email, invitee.password);
    await ama.goto(link);
    await button(ama, `Join ${owner.organizationName}`).click();
    await expect(ama).toHaveURL(/\/$/);

    // Opened again after joining, the link only leads back to the organization.
    await ama.goto(link);
    await expect(button(ama, `Open ${owner.organizationName}`)).toBeVisible();
    await ama.context().close();
  });

  test('in French, an owner invites, makes a new link and revokes it, and the old links say so', async ({
    page,
    browser,
  }) => {
    test.slow(); // three invitation links opened in a second browser
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { country: 'SN', currency: 'XOF', locale: 'fr' });
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/team');
    await expect(page.getByRole('tab', { name: 'Membres' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Permissions des rôles')).toBeVisible();
    await button(page, 'Inviter un membre').click();
    const dialog = page.getByRole('dialog', { name: 'Inviter un membre de l’équipe' });
    await dialog.getByLabel('Adresse e-mail').fill('fatou@');
    await dialog.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(dialog.getByText('Adresse e-mail invalide')).toBeVisible();
    const email = `fatou-${owner.id}@test.kasuwa.app`;
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Rôle').selectOption('MANAGER');
    await dialog.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(page.getByText('Invitation envoyée avec succès')).toBeVisible();
    const first = await dialog.getByLabel('Lien d’invitation').inputValue();
    await dialog.getByRole('button', { name: 'Terminé' }).click();
    await expect(page.getByTestId('invitation-row')).toContainText('Invité');
    await expect(page.getByTestId('invitation-row')).toContainText('Gérant');

    await button(page, `Nouveau lien pour ${email}`).click();
    await expect(page.getByText('Un nouveau lien a été créé ; l’ancien ne fonctionne plus')).toBeVisible();
    const renewed = page.getByRole('dialog', { name: 'Inviter un membre de l’équipe' });
    const second = await renewed.getByLabel('Lien d’invitation').inputValue();
    expect(second).not.toBe(first);
    await renewed.getByRole('button', { name: 'Terminé' }).click();

    const visitor = await stranger(browser, 'fr');
    await visitor.goto(first);
    await expect(visitor.getByText('Ce lien d’invitation n’est pas valide.')).toBeVisible();
    await visitor.goto(second);
    await expect(visitor.getByTestId('invite-summary')).toContainText('en tant que Gérant');

    await button(page, `Révoquer l’invitation de ${email}`).click();
    await page
      .getByRole('dialog', { name: 'Révoquer l’invitation' })
      .getByRole('button', { name: 'Révoquer' })
      .click();
    await expect(page.getByText('Invitation révoquée')).toBeVisible();
    await expect(page.getByTestId('invitation-row')).toHaveCount(0);
    await visitor.reload();
    await expect(
      visitor.getByText('Cette invitation a été révoquée. Demandez-en une nouvelle.'),
    ).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Créer un compte' })).toHaveCount(0);
    await visitor.context().close();
  });

  test('an owner adds an employee, edits and deactivates them', async ({ page }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/team');
    await page.getByRole('tab', { name: 'Employees' }).click();
    await expect(page.getByText('No employees yet')).toBeVisible();
    await button(page, 'Add Employee').click();
    const dialog = page.getByRole('dialog', { name: 'Add Employee' });
    await dialog.getByRole('button', { name: 'Save Employee' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Abena Owusu');
    await dialog.getByLabel('Email').fill('abena@');
    await dialog.getByRole('button', { name: 'Save Employee' }).click();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill('abena@example.com');
    await dialog.getByLabel('Job title').fill('Shop assistant');
    await dialog.getByRole('button', { name: 'Save Employee' }).click();
    await expect(page.getByText('Employee added successfully')).toBeVisible();
    const row = page.getByTestId('employee-row');
    await expect(row).toContainText('Abena Owusu');
    await expect(row).toContainText('Shop assistant');
    await expect(row.getByTestId('employee-status')).toHaveText('Active');

    await button(page, 'Edit Abena Owusu').click();
    const edit = page.getByRole('dialog', { name: 'Edit Employee' });
    await expect(edit.getByLabel('Name')).toHaveValue('Abena Owusu');
    await edit.getByLabel('Job title').fill('Shop supervisor');
    await edit.getByRole('button', { name: 'Save Employee' }).click();
    await expect(page.getByText('Employee updated successfully')).toBeVisible();
    await expect(row).toContainText('Shop supervisor');

    await button(page, 'Deactivate Abena Owusu').click();
    await page
      .getByRole('dialog', { name: 'Deactivate Employee' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(page.getByText('Abena Owusu is now inactive')).toBeVisible();
    await expect(row.getByTestId('employee-status')).toHaveText('Inactive');
    await expect(page.getByRole('button', { name: 'Deactivate Abena Owusu' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('employee-row').getByTestId('employee-status')).toHaveText('Inactive');
  });
});
