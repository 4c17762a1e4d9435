// Lists on the narrowest phone we support (360 px): each record is a card that shows, inside the screen,
// what a person acts on — an unpaid invoice's number on one line, its amount, its status and its due date; a
// payment's method and date; a team member's role and the actions on them, large enough to tap.
import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn, test, useLanguage } from './fixtures.ts';
import { issuedInvoice, memberOf } from './people.ts';

test.use({ viewport: { width: 360, height: 740 } });

/** Visible and wholly inside the screen's width (not cut off, not to be scrolled to sideways). */
async function expectOnScreen(item: Locator) {
  await expect(item).toBeVisible();
  const box = (await item.boundingBox())!;
  const width = item.page().viewportSize()!.width;
  expect(box.x, await item.innerText()).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, await item.innerText()).toBeLessThanOrEqual(width);
}

/** On one line: one box, not "INV-" above "000026". */
const lineCount = (item: Locator) =>
  item.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

const row = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).locator('[data-row]').filter({ hasText: text });

// In French only: its English words are the catalogues' own (checked complete in both languages by unit
// tests) and drawn in the English journeys; French is where labels run longer and amounts and dates differ.
for (const [locale, issued] of [['fr', 'Émise']] as ['en' | 'fr', string][]) {
  test(`an unpaid invoice's number, amount, status and due date are on a 360 px screen (${locale})`, async ({
    page,
  }) => {
    await useLanguage(page, locale);
    const owner = await registerOwner(page, { locale });
    await signIn(page, owner.email, owner.password, { load: false });
    const customer = await apiAs(page, '/customers', { name: 'Société Commerciale Kwame-Asante Frères' });
    const invoice = await apiAs(page, '/invoices', {
      customerId: customer.id,
      status: 'ISSUED',
      total: 12_345_678.9,
      dueAt: '2030-06-30',
    });
    await page.goto('/sales?tab=invoices');
    const card = row(page, 'invoices-table', invoice.number);
    await expect(card).toHaveCount(1);
    const number = card.getByText(invoice.number, { exact: true });
    await expectOnScreen(number);
    expect(await lineCount(number)).toBe(1);
    // Nothing paid yet: its total and its balance due are the same amount, both on screen.
    const amounts = card.getByText(locale === 'en' ? '₵12,345,678.90' : /12\s345\s678,90\s₵/);
    await expect(amounts).toHaveCount(2);
    for (const amount of await amounts.all()) await expectOnScreen(amount);
    await expectOnScreen(card.getByText(issued, { exact: true }));
    await expectOnScreen(card.getByText('30/06/2030', { exact: true }));
    // A tap anywhere on the card opens the invoice.
    await card.click({ position: { x: 40, y: 40 } });
    await expect(page).toHaveURL(new RegExp(`/sales/invoices/${invoice.id}$`));
  });
}

test("a payment's invoice, amount, method and date are on a 360 px screen", async ({ page }) => {
  const owner = await registerOwner(page);
  await signIn(page, owner.email, owner.password, { load: false });
  const invoice = await issuedInvoice(page, 2_500_000, 'Société Commerciale Kwame-Asante Frères');
  await apiAs(page, '/payments', {
    invoiceId: invoice.id,
    method: 'mobile-money',
    provider: 'MTN_MOMO',
    amount: 1_000_000,
    receivedAt: '2030-01-15T10:00:00Z',
  });
  await page.goto('/sales?tab=payments');
  const card = row(page, 'payments-table', invoice.number);
  await expect(card).toHaveCount(1);
  const number = card.getByText(invoice.number, { exact: true });
  await expectOnScreen(number);
  expect(await lineCount(number)).toBe(1);
  await expectOnScreen(card.getByText('₵1,000,000.00'));
  await expectOnScreen(card.getByText('Mobile Money'));
  await expectOnScreen(card.getByText('MTN MoMo'));
  await expectOnScreen(card.getByText('15/01/2030', { exact: true }));
});

test("an invitation's role and actions, and a team member's, are on a 360 px screen", async ({
  page,
  browser,
}) => {
  test.slow(); // a second person registers and joins
  const owner = await registerOwner(page);
  await signIn(page, owner.email, owner.password, { load: false });
  const orgId = (await apiAs(page, '/auth/user')).organizations[0].id as string;
  const email = `adwoa-${owner.id}@test.kasuwa.app`;
  await apiAs(page, `/organizations/${orgId}/invitations`, { email, role: 'MANAGER' });
  await page.goto('/team?tab=members');

  const invitation = row(page, 'members-table', email);
  await expect(invitation).toHaveCount(1);
  await expectOnScreen(invitation.getByText(email));
  await expectOnScreen(invitation.getByText('Manager', { exact: true }));
  await expectOnScreen(invitation.getByText('Invited', { exact: true }));
  const revoke = invitation.getByRole('button', { name: `Revoke the invitation of ${email}` });
  for (const control of [invitation.getByRole('button', { name: `New link for ${email}` }), revoke]) {
    await expectOnScreen(control);
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  // The free plan counts a pending invitation as a member: revoke it (from the card) to make room for Yaw.
  await revoke.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(invitation).toHaveCount(0);

  const yaw = await memberOf(browser, page, 'SALES');
  await yaw.context().close();
  await page.reload();
  const member = row(page, 'members-table', 'Yaw Darko');
  await expect(member).toHaveCount(1);
  await expectOnScreen(member.getByText('Yaw Darko'));
  await expectOnScreen(member.getByText(/^sales-\w+@test\.kasuwa\.app$/));
  // The role's badge (the role select below lists it too).
  await expectOnScreen(member.getByText('Sales', { exact: true }).first());
  await expectOnScreen(member.getByText('Active', { exact: true }));
  for (const control of [
    member.getByLabel('Role of Yaw Darko'),
    member.getByRole('button', { name: 'Remove Yaw Darko' }),
  ]) {
    await expectOnScreen(control);
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
});
