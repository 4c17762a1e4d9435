// Data that tests about other things need: an issued invoice, and a second person in the organization.
import type { Browser, Page } from '@playwright/test';
import { apiAs, expect, registerOwner, signIn } from './fixtures.ts';

/** An ISSUED invoice for a new customer, made through the API (the test is not about invoicing). */
export async function issuedInvoice(page: Page, total: number, name = 'Kofi Mensah') {
  const customer = await apiAs(page, '/customers', { name });
  return apiAs(page, '/invoices', { customerId: customer.id, status: 'ISSUED', total });
}

/** Another person joins the owner's organization with `role` (invited by link, accepted through the API). */
export async function memberOf(browser: Browser, owner: Page, role: 'MANAGER' | 'SALES' | 'ACCOUNTANT') {
  const orgId = (await apiAs(owner, '/auth/user')).organizations[0].id as string;
  const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@test.kasuwa.app`;
  const invitation = await apiAs(owner, `/organizations/${orgId}/invitations`, { email, role });
  const page = await (await browser.newContext()).newPage();
  const person = await registerOwner(page, { email, firstName: 'Yaw', lastName: 'Darko' });
  await signIn(page, person.email, person.password);
  const token = (invitation.link as string).split('/').pop();
  await apiAs(page, `/invitations/${token}/accept`, {});
  await page.evaluate((id) => localStorage.setItem('kasuwa-org', id), orgId);
  return page;
}

/** Like apiAs, in the organization the page has chosen (`kasuwa-org`), as the app's own calls are. */
export async function apiInOrg(page: Page, path: string, body?: unknown) {
  const { token, orgId } = await page.evaluate(() => ({
    token: (JSON.parse(localStorage.getItem('kasuwa-auth')!) as { access_token: string }).access_token,
    orgId: localStorage.getItem('kasuwa-org') ?? '',
  }));
  const res = await page.request.fetch(`/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-org-id': orgId },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}
