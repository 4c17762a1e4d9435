// Forgot password: "Forgot password?" on sign-in → the address → a mail through the stack's SMTP
// catcher → its link → a new password → signed in; the new password signs in again, the link works once, and
// a second request within a minute is refused in the person's language. Phone only: the screens are the
// sign-in page's.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerOwner, signIn, signOut, test, useLanguage } from './fixtures.ts';
import { mailsTo, mailTo, mailUrl, verifyLink, words } from './mail.ts';

/** The page's serious and critical WCAG 2.1 AA violations (as e2e/accessibility.spec.ts checks the others). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('a person who forgot their password gets a link by mail, sets a new one and is signed in', async ({
  page,
}, testInfo) => {
  const owner = await registerOwner(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page stays on screen until the new page's code is here: wait for the new page itself.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
  expect.soft(await violations(page), '/forgot-password').toEqual([]);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  // The same neutral answer as for an address without an account.
  await expect(page.getByRole('status')).toContainText(
    `If an account exists for ${owner.email}, we sent it a link`,
  );

  const mail = await mailTo(testInfo, owner.email);
  expect(mail.Subject).toBe('Reset your Kasuwa password');
  expect(words(mail)).toContain('You got this mail because a password reset was requested on Kasuwa');
  const link = verifyLink(mail);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For the account ${owner.email}.`)).toBeVisible();
  expect.soft(await violations(page), '/reset-password').toEqual([]);

  const fresh = page.getByLabel('New password', { exact: true });
  const again = page.getByLabel('New password again');
  // The registration's rules, and the two fields must agree.
  await fresh.fill('password123');
  await again.fill('password123');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(fresh).toHaveAccessibleDescription(/one of the most common ones/);
  await fresh.fill('a-fresh-secret-2026');
  await again.fill('a-fresh-secret-2027');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(again).toHaveAccessibleDescription('The two passwords are not the same.');
  await again.fill('a-fresh-secret-2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();

  // Signed in, on the dashboard.
  await expect(page.getByText('Your new password is saved and you are signed in.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel(/ User menu$/)).toBeVisible();

  // The new password signs in.
  await signOut(page);
  await signIn(page, owner.email, 'a-fresh-secret-2026');
  await signOut(page);

  // The link worked once: opened again, it has expired, and the page offers a new one.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This link has expired, ask for a new one. A link works once, for one hour.',
  );
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});

test('in French: the mail, the refusal of a second request within a minute, and the new password', async ({
  page,
}, testInfo) => {
  const owner = await registerOwner(page, { locale: 'fr' });
  await useLanguage(page, 'fr');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText(`Si un compte existe pour ${owner.email}`);

  // Asking again at once: refused by Auth (one mail a minute per address), said in French.
  await page.getByRole('button', { name: 'Utiliser une autre adresse' }).click();
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Patientez une minute avant de redemander.')).toBeVisible();

  const mail = await mailTo(testInfo, owner.email);
  expect(await mailsTo(mailUrl(testInfo), owner.email)).toHaveLength(1);
  expect(mail.Subject).toBe('Réinitialisez votre mot de passe Kasuwa');
  expect(words(mail)).toContain('Vous recevez ce message parce qu’une réinitialisation du mot de passe');

  await page.goto(verifyLink(mail));
  await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('un-secret-tout-neuf-2026');
  await page.getByLabel('Nouveau mot de passe, à nouveau').fill('un-secret-tout-neuf-2026');
  await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
  await expect(
    page.getByText('Votre nouveau mot de passe est enregistré et vous êtes connecté.'),
  ).toBeVisible();
  await expect(page.getByLabel(/ Menu utilisateur$/)).toBeVisible();

  await signOut(page);
  await signIn(page, owner.email, 'un-secret-tout-neuf-2026');
});
