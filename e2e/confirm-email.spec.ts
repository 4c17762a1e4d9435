// Registering where the project confirms emails, as hosted projects do: the newcomer fills in
// the two steps, sees "Check your email", opens the mail the stack caught, follows its link and lands on the
// dashboard of the organization they asked for — in English and in French. A name taken while the mail
// waited is chosen again on "Set up your organization". Someone invited signs up from the invite link, is
// told to check their email, and the mail's link brings them back to the invitation, where they join. The stack of this file is its own, started with
// confirmations on (AUTH_ENABLE_CONFIRMATIONS=1, tests/confirming-stack.ts) beside the suite's, which keeps
// the local default (off). Phone only: the screens are the registration's.
import type { Page } from '@playwright/test';
import { startConfirmingStack } from '../tests/confirming-stack.ts';
import { mailsTo, verifyLink, waitForMail, words } from '../tests/mailbox.ts';
import { expect, test, useLanguage } from './fixtures.ts';

// One stack for the file, so its tests run one after the other in one worker.
test.describe.configure({ mode: 'serial' });

let stack: Awaited<ReturnType<typeof startConfirmingStack>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startConfirmingStack(Number(process.env.E2E_PORT ?? 24500) + 20);
});
test.afterAll(async () => {
  await stack?.stop();
});

const unique = () => Math.random().toString(36).slice(2, 10);

const LABELS = {
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    password: 'Password',
    next: 'Next',
    orgName: 'Organization name',
    country: 'Country',
    submit: 'Create Account',
    checkEmail: 'Check your email',
    resend: 'Resend the mail',
    wait: 'Please wait a minute before asking again.',
    subject: 'Confirm your Kasuwa email address',
    welcome: 'Welcome, Kojo',
    setUp: 'Set up your organization',
    taken: 'An organization with this name already exists',
    create: 'Create my organization',
    linkFailed: 'This link no longer works',
  },
  fr: {
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    password: 'Mot de passe',
    next: 'Suivant',
    orgName: 'Nom de l’entreprise',
    country: 'Pays',
    submit: 'Créer le compte',
    checkEmail: 'Consultez vos e-mails',
    resend: 'Renvoyer l’e-mail',
    wait: 'Patientez une minute avant de redemander.',
    subject: 'Confirmez votre adresse e-mail Kasuwa',
    welcome: 'Bienvenue, Kojo',
    setUp: 'Configurez votre entreprise',
    taken: 'Une entreprise porte déjà ce nom',
    create: 'Créer mon entreprise',
    linkFailed: 'Ce lien ne fonctionne plus',
  },
};

async function register(page: Page, locale: 'en' | 'fr', email: string, organizationName: string) {
  const t = LABELS[locale];
  await page.goto(`${stack.url}/register`);
  await page.getByLabel(t.firstName, { exact: true }).fill('Kojo');
  await page.getByLabel(t.lastName, { exact: true }).fill('Asante');
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill('kojo-secret-2026');
  await page.getByRole('button', { name: t.next }).click();
  await page.getByLabel(t.orgName).fill(organizationName);
  await page.getByLabel(t.country).selectOption('GH');
  await page.getByRole('button', { name: t.submit }).click();
}

// In French only: its English words are the catalogues' own (checked complete in both languages by unit
// tests) and drawn in the English journeys; French is where labels run longer and amounts and dates differ.
for (const locale of ['fr'] as ('en' | 'fr')[]) {
  test(`a newcomer confirms their email from the mail and lands on their new organization (${locale})`, async ({
    page,
    browser,
  }) => {
    const t = LABELS[locale];
    await useLanguage(page, locale);
    const email = `kojo-${unique()}@test.kasuwa.app`;
    const organizationName = `Kojo Hardware ${unique()}`;
    await register(page, locale, email, organizationName);

    await expect(page).toHaveURL(/\/check-email$/);
    await expect(page.getByRole('heading', { name: t.checkEmail })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(email);
    // Auth sends one mail a minute: asking again at once is refused, in the person's language.
    await page.getByRole('button', { name: t.resend }).click();
    await expect(page.getByText(t.wait)).toBeVisible();

    const mail = await waitForMail(stack.mailUrl, email);
    expect(mail.Subject).toBe(t.subject);
    expect(await mailsTo(stack.mailUrl, email)).toHaveLength(1);
    const link = verifyLink(mail);
    await page.goto(link);

    await expect(page.getByRole('heading', { name: t.welcome })).toBeVisible();
    await expect(page.getByRole('main').getByText(organizationName)).toBeVisible();

    // The link works once: opened again elsewhere, it says so and offers to sign in.
    const elsewhere = await browser.newPage();
    await useLanguage(elsewhere, locale);
    await elsewhere.goto(link);
    await expect(elsewhere.getByRole('heading', { name: t.linkFailed })).toBeVisible();
    await expect(elsewhere).toHaveURL(/\/check-email#/);
    await elsewhere.close();
  });
}

test('a name taken while the mail waited is chosen again on "Set up your organization"', async ({
  page,
  browser,
}) => {
  const t = LABELS.en;
  const organizationName = `Tema Fish ${unique()}`;
  const first = `first-${unique()}@test.kasuwa.app`;
  const second = `second-${unique()}@test.kasuwa.app`;
  await register(page, 'en', first, organizationName);
  await expect(page.getByRole('heading', { name: t.checkEmail })).toBeVisible();
  // Someone else registers the same name and confirms first.
  const other = await browser.newPage();
  await register(other, 'en', second, organizationName);
  await expect(other.getByRole('heading', { name: t.checkEmail })).toBeVisible();
  await other.goto(verifyLink(await waitForMail(stack.mailUrl, second)));
  await expect(other.getByRole('main').getByText(organizationName)).toBeVisible();
  await other.close();

  const mail = await waitForMail(stack.mailUrl, first);
  expect(words(mail)).toContain(first);
  await page.goto(verifyLink(mail));
  await expect(page.getByRole('heading', { name: t.setUp })).toBeVisible();
  const name = page.getByLabel(t.orgName);
  await expect(name).toHaveValue(organizationName);
  await expect(name).toHaveAccessibleDescription(new RegExp(t.taken));
  await name.fill(`${organizationName} Annex`);
  await page.getByRole('button', { name: t.create }).click();
  await expect(page.getByRole('heading', { name: t.welcome })).toBeVisible();
  await expect(page.getByRole('main').getByText(`${organizationName} Annex`)).toBeVisible();
});

/** An owner registered, confirmed and set up through /api on this file's stack; their token and organization. */
async function confirmedOwner() {
  const email = `owner-${unique()}@test.kasuwa.app`;
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${stack.url}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: stack.url,
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
  const registered = await post('/auth/register', {
    email,
    password: 'ama-secret-2026',
    firstName: 'Ama',
    lastName: 'Owusu',
    organizationName: `Ama Textiles ${unique()}`,
    country: 'GH',
    currency: 'GHS',
  });
  expect(registered.status).toBe(202);
  const verified = await fetch(verifyLink(await waitForMail(stack.mailUrl, email)), { redirect: 'manual' });
  const token = new URLSearchParams(verified.headers.get('location')!.split('#')[1]).get('access_token')!;
  const done = await post('/auth/register/complete', {}, token);
  expect(done.status).toBe(201);
  const organization = (await done.json()).organization as { id: string; name: string };
  return {
    organization,
    invite: async (address: string) => {
      const res = await post(
        `/organizations/${organization.id}/invitations`,
        { email: address, role: 'SALES' },
        token,
      );
      expect(res.status).toBe(201);
      return (await res.json()).token as string;
    },
  };
}

test('an invitee confirms their email from the mail, comes back to the invitation signed in and joins', async ({
  page,
  browser,
}) => {
  const owner = await confirmedOwner();
  const email = `efua-${unique()}@test.kasuwa.app`;
  const link = await owner.invite(email);
  await useLanguage(page, 'fr');
  await page.goto(`${stack.url}/invite/${link}/register`);
  await page.getByLabel('Prénom', { exact: true }).fill('Efua');
  await page.getByLabel('Nom', { exact: true }).fill('Mensah');
  await page.getByLabel('Mot de passe', { exact: true }).fill('efua-secret-2026');
  await page.getByRole('button', { name: 'Créer le compte et rejoindre' }).click();

  await expect(page).toHaveURL(/\/check-email$/);
  await expect(page.getByRole('heading', { name: LABELS.fr.checkEmail })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Nous avons envoyé un lien à ${email}`);
  await expect(page.getByRole('status')).toContainText('acceptez l’invitation');
  // The invitation names the address: there is no other to use.
  await expect(page.getByRole('link', { name: 'Utiliser une autre adresse' })).toHaveCount(0);

  const confirm = verifyLink(await waitForMail(stack.mailUrl, email));
  await page.goto(confirm);
  await expect(page).toHaveURL(new RegExp(`/invite/${link}#?$`));
  await page.getByRole('button', { name: `Rejoindre ${owner.organization.name}` }).click();
  await expect(page.getByText(`Bienvenue dans ${owner.organization.name}`)).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/`);

  // The mail's link works once: opened again elsewhere, the invitation says the link no longer works.
  const elsewhere = await browser.newPage();
  await useLanguage(elsewhere, 'fr');
  await elsewhere.goto(confirm);
  await expect(elsewhere).toHaveURL(new RegExp(`/invite/${link}#.*error_code=`));
  await expect(elsewhere.getByRole('alert').filter({ hasText: 'Ce lien ne fonctionne plus' })).toContainText(
    'Si vous avez confirmé votre adresse, connectez-vous',
  );
  await elsewhere.close();
});
