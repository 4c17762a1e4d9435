// Mail the app sends itself, end to end through the stack's SMTP catcher: an invitation chosen in the invite
// dialog arrives in the invitee's language and its link lets them join; an overdue invoice of an
// organization that switched reminders on in Settings produces one reminder mail, however often the runs go.
// The runs are called here (the SQL run and the sender's route, with the service role key) instead of
// waiting for the stack's clock.
import type { Page } from '@playwright/test';
import { expect, registerOwner, signIn, test, useLanguage, tokenOf } from './fixtures.ts';
import { mailTo, mailsTo, mailUrl, sendMail, service, words } from './mail.ts';

/** What the scheduler does every minute: queue the due reminders, then send the queue. */
async function runMailJobs(page: Page) {
  const queued = await page.request.post('/rest/v1/rpc/queue_payment_reminders', {
    headers: service,
    data: {},
  });
  expect(queued.ok(), await queued.text()).toBe(true);
  await sendMail(page);
}

const TEXT = {
  en: {
    invite: 'Invite Member',
    dialog: 'Invite Team Member',
    email: 'Email Address',
    send: 'Send Invitation',
    sent: (email: string) => `Invitation sent to ${email}.`,
    subject: (org: string) => `Join ${org} on Kasuwa`,
    join: (org: string) => `Join ${org}`,
    welcome: (org: string) => `Welcome to ${org}`,
  },
  fr: {
    invite: 'Inviter un membre',
    dialog: 'Inviter un membre de l’équipe',
    email: 'Adresse e-mail',
    send: 'Envoyer l’invitation',
    sent: (email: string) => `Invitation envoyée à ${email}.`,
    subject: (org: string) => `Invitation à rejoindre ${org} sur Kasuwa`,
    join: (org: string) => `Rejoindre ${org}`,
    welcome: (org: string) => `Bienvenue dans ${org}`,
  },
} as const;

// In French only: its English words are the catalogues' own (checked complete in both languages by unit
// tests) and drawn in the English journeys; French is where labels run longer and amounts and dates differ.
for (const locale of ['fr'] as ('en' | 'fr')[]) {
  test(`an invitation by email (${locale}) arrives in the invitee's language and its link lets them join`, async ({
    page,
    browser,
  }, testInfo) => {
    test.slow(); // two people, two browsers, a registration
    const t = TEXT[locale];
    await useLanguage(page, locale);
    const owner = await registerOwner(page, { locale });
    await signIn(page, owner.email, owner.password, { load: false });
    await page.goto('/team');
    await page.getByRole('button', { name: t.invite }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    // The invitation's language starts as the inviter's.
    await expect(dialog.getByRole('combobox').last()).toHaveValue(locale);
    const email = `ama-${locale}-${owner.id}@test.kasuwa.app`;
    await dialog.getByLabel(t.email).fill(email);
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(dialog.getByTestId('invite-link')).toContainText(t.sent(email));
    // Copying the link and WhatsApp are still offered.
    await expect(dialog.getByRole('link', { name: /WhatsApp/ })).toBeVisible();

    await runMailJobs(page);
    const mail = await mailTo(testInfo, email);
    expect(mail.Subject).toBe(t.subject(owner.organizationName));
    expect(words(mail)).toContain('Efua Boateng');
    const link = /(https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{32})/.exec(mail.Text)?.[1];
    expect(link).toBeDefined();
    // (Sent once whatever the runs after: supabase/tests/reminders.test.ts, tests/api/mail.test.ts.)

    // The invitee follows the link from the mail, with an account for that email, and joins.
    const context = await browser.newContext();
    const ama = await context.newPage();
    await useLanguage(ama, locale);
    const invitee = await registerOwner(ama, { email, firstName: 'Ama', lastName: 'Owusu', locale });
    await signIn(ama, invitee.email, invitee.password);
    await ama.goto(new URL(link!).pathname);
    await ama
      .getByRole('button', { name: t.join(owner.organizationName) })
      .filter({ visible: true })
      .first()
      .click();
    await expect(ama.getByText(t.welcome(owner.organizationName))).toBeVisible();
    await context.close();
  });
}

const REMINDER = {
  en: {
    owner: { country: 'GH', currency: 'GHS' },
    phone: '024 412 3456',
    wa: '/233244123456',
    block: 'Payment reminders',
    enable: 'Send payment reminders by email',
    save: 'Save reminders',
    saved: 'Payment reminders saved',
    whatsapp: 'Send reminder on WhatsApp',
    subject: (number: string) =>
      new RegExp(`^Reminder: invoice ${number} of Efua Provisions \\S+ is overdue since `),
    hello: 'Hello Kojo & Sons,',
    due: /₵900\.00 is still to be paid/,
    text: (number: string) =>
      new RegExp(
        `^Hello Kojo & Sons, a reminder from Efua Provisions \\S+: invoice ${number} was due on .*Amount due: ₵900\\.00\\. You can see it here: http\\S+/i/[A-Za-z0-9_-]+$`,
      ),
  },
  fr: {
    owner: { country: 'SN', currency: 'XOF', locale: 'fr' },
    phone: '77 123 45 67',
    wa: '/221771234567',
    block: 'Rappels de paiement',
    enable: 'Envoyer des rappels de paiement par e-mail',
    save: 'Enregistrer les rappels',
    saved: 'Rappels de paiement enregistrés',
    whatsapp: 'Envoyer un rappel sur WhatsApp',
    subject: (number: string) =>
      new RegExp(`^Rappel : la facture ${number} de Efua Provisions \\S+ est en retard depuis le `),
    hello: 'Bonjour Kojo & Sons,',
    // 2 × 450 XOF: no decimals, as the franc CFA has none.
    due: /Il reste 900\sCFA à payer/,
    text: (number: string) =>
      new RegExp(
        `^Bonjour Kojo & Sons, un rappel de Efua Provisions \\S+ : la facture ${number} était à régler le .*Montant dû : 900\\sCFA\\. Vous pouvez la consulter ici : http\\S+/i/[A-Za-z0-9_-]+$`,
      ),
  },
} as const;

// In English only: the French catalogue is checked complete by unit tests, and French screens and formats
// by the French journeys.
for (const locale of ['en'] as ('en' | 'fr')[]) {
  const r = REMINDER[locale];
  test(`an overdue invoice produces one reminder mail once reminders are on in Settings (${locale})`, async ({
    page,
  }, testInfo) => {
    const owner = await registerOwner(page, r.owner);
    if (locale === 'fr') await useLanguage(page, 'fr');
    await signIn(page, owner.email, owner.password);
    const token = await tokenOf(page);
    const api = async (path: string, data: unknown) => {
      const res = await page.request.post(`/api${path}`, {
        headers: { authorization: `Bearer ${token}` },
        data,
      });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    };
    const email = `kojo-${owner.id}@test.kasuwa.app`;
    const customer = await api('/customers', { name: 'Kojo & Sons', email, phone: r.phone });
    const invoice = await api('/invoices', {
      customerId: customer.id,
      status: 'ISSUED',
      lines: [{ description: 'Rice 50 kg', qty: 2, unitPrice: 450, taxRate: 0 }],
    });
    // Issued ten days ago, due eight days ago (the service role may date it; a member may not).
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const dated = await page.request.patch(`/rest/v1/invoices?id=eq.${invoice.id}`, {
      headers: service,
      data: { issued_at: `${day(10)}T09:00:00Z`, due_at: day(8) },
    });
    expect(dated.ok(), await dated.text()).toBe(true);

    // Reminders are off until the owner switches them on.
    await runMailJobs(page);
    expect(await mailsTo(mailUrl(testInfo), email)).toHaveLength(0);
    await page.goto('/settings');
    const block = page.getByRole('form', { name: r.block });
    await expect(block.getByTestId('reminder-step')).toHaveCount(3);
    await block.getByRole('switch', { name: r.enable }).check();
    await block.getByRole('button', { name: r.save }).click();
    await expect(page.getByText(r.saved)).toBeVisible();

    await runMailJobs(page);
    const mail = await mailTo(testInfo, email);
    expect(mail.Subject).toMatch(r.subject(invoice.number));
    expect(words(mail)).toContain(r.hello);
    expect(words(mail)).toMatch(r.due);
    // (Once however often the runs go: supabase/tests/reminders.test.ts.)

    // The invoice page offers the same reminder by WhatsApp, to the customer's phone.
    await page.goto(`/sales/invoices/${invoice.id}`);
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: r.whatsapp }).click();
    const wa = await popup;
    await wa.waitForURL(/^https:\/\/wa\.me\//);
    const url = new URL(wa.url());
    expect(url.pathname).toBe(r.wa);
    expect(url.searchParams.get('text')).toMatch(r.text(invoice.number));
  });
}
