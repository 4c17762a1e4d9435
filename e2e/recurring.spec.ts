// Recurring invoices on a 360 px phone, in English and in French: an owner creates a monthly
// plan, subscribes a customer to it from today (no trial) so the first period is invoiced at once, the next
// period's billing runs (as the scheduler would a month later), both invoices show in the subscription's
// periods and in the invoice list, the dashboard and the overview report count the monthly recurring
// revenue; then (a second test, so each stays short) paying a period's invoice in full marks it Paid, and
// the subscription is paused, resumed and ended (what each role is offered is drawn in component tests,
// web/src/features/subscriptions/*.test.tsx). And offline: a customer subscribed without a connection is
// kept on the device and subscribed (and billed) once, when it returns; one the server refuses then (its
// plan no longer offered) is corrected from Pending changes with the reason under the plan.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  apiAs,
  billSubscriptions,
  expect,
  registerOwner,
  signIn,
  squash,
  test,
  useLanguage,
  waitForServiceWorker,
  tokenOf,
} from './fixtures.ts';

const WORDS = {
  en: {
    country: { country: 'NG', currency: 'NGN' },
    tab: 'Recurring',
    plans: 'Plans',
    subscriptions: 'Subscriptions',
    newPlan: 'New plan',
    planName: 'Plan name',
    price: /^Price per period/,
    planCreated: 'Plan created',
    pricePer: '₦15,000.00 / month',
    everyTwoWeeks: 'every 2 weeks',
    subscribe: 'Subscribe a customer',
    plan: 'Plan',
    quantity: 'Quantity',
    tax: 'Tax %',
    subscribed: 'Customer subscribed',
    active: 'Active',
    paused: 'Paused',
    cancelled: 'Cancelled',
    billed: 'Billed',
    paid: 'Paid',
    perPeriod: '₦30,000.00 / month',
    amount: '₦30,000.00',
    record: 'Record Payment',
    method: 'Payment Method',
    cash: 'Cash',
    recorded: 'Payment recorded successfully',
    back: 'Back to recurring invoices',
    pause: 'Pause',
    resume: 'Resume',
    end: 'End subscription',
    now: 'End now',
    createPlan: 'Create plan',
    ended: 'Subscription ended',
    activeSubscriptions: '1 active subscription',
    edit: 'Edit Eau 20 L',
    editPlan: 'Edit plan',
    billedEvery: 'Billed',
    savePlan: 'Save plan',
    periodInUse: 'This plan has subscribers: its period cannot change. Make a new plan instead',
    cancel: 'Cancel',
  },
  fr: {
    country: { country: 'SN', currency: 'XOF' },
    tab: 'Récurrent',
    plans: 'Formules',
    subscriptions: 'Abonnements',
    newPlan: 'Nouvelle formule',
    planName: 'Nom de la formule',
    price: /^Prix par période/,
    planCreated: 'Formule créée',
    pricePer: '15 000 CFA / mois',
    everyTwoWeeks: 'toutes les 2 semaines',
    subscribe: 'Abonner un client',
    plan: 'Formule',
    quantity: 'Quantité',
    tax: 'Taxe %',
    subscribed: 'Client abonné',
    active: 'Actif',
    paused: 'En pause',
    cancelled: 'Résilié',
    billed: 'Facturée',
    paid: 'Payée',
    perPeriod: '30 000 CFA / mois',
    amount: '30 000 CFA',
    record: 'Enregistrer un paiement',
    method: 'Moyen de paiement',
    cash: 'Espèces',
    recorded: 'Paiement enregistré avec succès',
    back: 'Retour aux factures récurrentes',
    pause: 'Mettre en pause',
    resume: 'Reprendre',
    end: 'Résilier',
    now: 'Résilier maintenant',
    createPlan: 'Créer la formule',
    ended: 'Abonnement résilié',
    activeSubscriptions: '1 abonnement actif',
    edit: 'Modifier Eau 20 L',
    editPlan: 'Modifier la formule',
    billedEvery: 'Facturée',
    savePlan: 'Enregistrer la formule',
    periodInUse:
      'Cette formule a des abonnés : sa période ne peut pas changer. Créez plutôt une nouvelle formule',
    cancel: 'Annuler',
  },
};
/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now (none expected). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** Text as shown, with the narrow and non-breaking spaces of French numbers as plain spaces. */

test.describe('recurring invoices', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  // One language each (the catalogues are checked complete in both by unit tests); each test keeps its
  // words for both.
  for (const locale of ['fr'] as ('en' | 'fr')[])
    test(`a plan, a customer subscribed, each period billed once, in the lists and the figures (${locale})`, async ({
      page,
    }) => {
      test.slow();
      const w = WORDS[locale];
      await useLanguage(page, locale);
      const owner = await registerOwner(page, { locale, ...w.country });
      await signIn(page, owner.email, owner.password);
      // French in the dark theme (saved with the member's preferences, which the app follows after sign-in).
      if (locale === 'fr') {
        const token = await tokenOf(page);
        const saved = await page.request.put('/api/preferences', {
          headers: { authorization: `Bearer ${token}` },
          data: { theme: 'dark' },
        });
        expect(saved.ok(), await saved.text()).toBe(true);
      }
      await apiAs(page, '/customers', { name: 'Awa Ndiaye' });
      await apiAs(page, '/subscription-plans', {
        name: 'Cantine',
        price: 5000,
        interval: 'WEEKLY',
        intervalCount: 2,
      });

      // A plan: 15 000 a month, no trial.
      await page.goto('/sales');
      await expect(page.locator('html')).toHaveAttribute(
        'data-theme',
        locale === 'fr' ? 'kasuwa-dark' : 'kasuwa',
      );
      await page.getByRole('tab', { name: w.tab }).click();
      await page.getByRole('button', { name: w.plans }).click();
      await page.getByRole('button', { name: w.newPlan }).click();
      const planDialog = page.getByRole('dialog', { name: w.newPlan });
      await planDialog.getByLabel(w.planName).fill('Eau 20 L');
      await planDialog.getByLabel(w.price).fill('15000');
      await planDialog.getByRole('button', { name: w.createPlan }).click();
      await expect(page.getByText(w.planCreated)).toBeVisible();
      const plans = page.getByTestId('plans-table');
      await expect(plans.locator('[data-row]')).toHaveCount(2);
      await expect.poll(async () => squash(await plans.textContent())).toContain(w.pricePer);
      await expect(plans).toContainText(w.everyTwoWeeks);
      expect(await violations(page), 'plans').toEqual([]);

      // The customer subscribed from today: the first period is invoiced at once.
      await page.getByRole('button', { name: w.subscriptions }).click();
      await page.getByRole('button', { name: w.subscribe }).click();
      const subscribe = page.getByRole('dialog', { name: w.subscribe });
      await subscribe.getByRole('button', { name: 'Awa Ndiaye' }).click();
      const planField = subscribe.getByLabel(w.plan, { exact: true });
      const water = await planField.locator('option', { hasText: 'Eau 20 L' }).getAttribute('value');
      await planField.selectOption(water!);
      await subscribe.getByLabel(w.quantity).fill('2');
      await subscribe.getByLabel(w.tax).fill('0');
      await subscribe.getByRole('button', { name: w.subscribe }).click();
      await expect(page.getByText(w.subscribed)).toBeVisible();
      await expect(page).toHaveURL(/\/sales\/subscriptions\//);
      await expect(page.getByRole('heading', { name: 'Awa Ndiaye · Eau 20 L' })).toBeVisible();
      await expect(page.getByTestId('subscription-status')).toHaveText(w.active);
      const cycles = page.getByTestId('cycles-table').locator('[data-row]');
      await expect(cycles).toHaveCount(1);
      await expect(cycles.first()).toContainText('INV-000001');
      await expect(cycles.first().getByTestId('cycle-status')).toHaveText(w.billed);
      await expect.poll(async () => squash(await cycles.first().textContent())).toContain(w.amount);

      // A month and a day later the billing run invoices the second period, once, however often it runs.
      const later = new Date(Date.now() + 32 * 24 * 3600 * 1000);
      expect(await billSubscriptions(page, owner.organizationName, later)).toBe(1);
      expect(await billSubscriptions(page, owner.organizationName, later)).toBe(0);
      await page.reload();
      await expect(cycles).toHaveCount(2);
      await expect(cycles.first()).toContainText('INV-000002');
      await expect(cycles.nth(1)).toContainText('INV-000001');
      expect(await violations(page), 'subscription').toEqual([]);

      // Both are in the invoice list, like any other invoice.
      await page.getByRole('link', { name: w.back }).click();
      await page.getByRole('button', { name: w.subscriptions }).click();
      const list = page.getByTestId('subscriptions-table');
      await expect.poll(async () => squash(await list.textContent())).toContain(w.perPeriod);
      await expect(list.getByTestId('subscription-status')).toHaveText(w.active);
      expect(await violations(page), 'subscriptions').toEqual([]);
      await page.goto('/sales');
      const invoices = page.getByTestId('invoices-table');
      await expect(invoices).toContainText('INV-000001');
      await expect(invoices).toContainText('INV-000002');

      // A plan with subscribers keeps its period: the server's refusal shows under the field it names.
      await page.goto('/sales?tab=recurring');
      await page.getByRole('button', { name: w.plans }).click();
      await page.getByRole('button', { name: w.edit }).click();
      const edit = page.getByRole('dialog', { name: w.editPlan });
      await edit.getByLabel(w.billedEvery).selectOption('WEEKLY');
      await edit.getByRole('button', { name: w.savePlan }).click();
      await expect(edit.locator('#interval-help')).toHaveText(w.periodInUse);
      await expect(edit.getByLabel(w.billedEvery)).toHaveAttribute('aria-invalid', 'true');
      await edit.getByRole('button', { name: w.cancel }).click();

      // The dashboard and the overview report count it in the monthly recurring revenue.
      await page.goto('/');
      const mrr = page.getByTestId('metric-monthlyRecurringRevenue');
      await expect(mrr).toContainText(w.activeSubscriptions);
      await expect.poll(async () => squash(await mrr.textContent())).toContain(w.amount);
      await page.goto('/reports');
      const summary = page.getByTestId('sales-summary');
      await expect.poll(async () => squash(await summary.textContent())).toContain(w.amount);
    });

  for (const locale of ['en'] as ('en' | 'fr')[])
    test(`its invoice paid marks the period Paid; paused, resumed and ended (${locale})`, async ({
      page,
    }) => {
      test.slow();
      const w = WORDS[locale];
      await useLanguage(page, locale);
      const owner = await registerOwner(page, { locale, ...w.country });
      await signIn(page, owner.email, owner.password, { load: false });
      const customer = await apiAs(page, '/customers', { name: 'Awa Ndiaye' });
      const plan = await apiAs(page, '/subscription-plans', { name: 'Eau 20 L', price: 15000 });
      const subscription = await apiAs(page, '/subscriptions', {
        customerId: customer.id,
        planId: plan.id,
        quantity: 2,
        taxPercent: 0,
        discountPercent: 5,
      });
      await page.goto(`/sales/subscriptions/${subscription.id}`);
      await expect(page.getByText('₦28,500.00 / month')).toBeVisible();
      const cycles = page.getByTestId('cycles-table').locator('[data-row]');
      await expect(cycles.first().getByTestId('cycle-status')).toHaveText(w.billed);

      // The invoice shows the lines at the plan's price and the discount as its own line.
      await cycles.first().getByRole('link', { name: 'INV-000001' }).click();
      await expect(page).toHaveURL(/\/sales\/invoices\//);
      await expect(page.getByTestId('document-totals')).toContainText('Discount (5%)');
      await expect(page.getByTestId('document-totals')).toContainText('₦30,000.00');
      await expect(page.getByTestId('discount')).toContainText('1,500.00');
      await expect(page.getByTestId('balance-due')).toContainText('₦28,500.00');

      // The invoice paid in full: its period is Paid.
      await page.getByRole('button', { name: w.record }).click();
      const pay = page.getByRole('dialog', { name: w.record });
      await pay.getByLabel(w.method).selectOption({ label: w.cash });
      await pay.getByRole('button', { name: w.record }).click();
      await expect(page.getByText(w.recorded)).toBeVisible();
      await page.goBack();
      await expect(cycles.first().getByTestId('cycle-status')).toHaveText(w.paid);

      // Paused, resumed, then ended now: no action is left to take.
      const status = page.getByTestId('subscription-status');
      await page.getByRole('button', { name: w.pause }).click();
      await expect(status).toHaveText(w.paused);
      await expect(page.getByRole('button', { name: w.pause })).toHaveCount(0);
      await page.getByRole('button', { name: w.resume }).click();
      await expect(status).toHaveText(w.active);
      await page.getByRole('button', { name: w.end }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.now }).click();
      await expect(page.getByText(w.ended)).toBeVisible();
      await expect(status).toHaveText(w.cancelled);
      for (const action of [w.pause, w.resume, w.end])
        await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
    });

  test.describe('kept on the phone', () => {
    test.use({ serviceWorkers: 'allow' });

    /** A naira shop with Awa Ndiaye as a customer and these plans, its owner signed in on a phone that keeps
     * the app; returns the plans. */
    async function shopWithPlans(page: Page, plans: { name: string; price: number }[]) {
      const owner = await registerOwner(page, { country: 'NG', currency: 'NGN' });
      await signIn(page, owner.email, owner.password, { keptOffline: true });
      await apiAs(page, '/customers', { name: 'Awa Ndiaye' });
      const made = [];
      for (const plan of plans) made.push(await apiAs(page, '/subscription-plans', plan));
      return made;
    }

    /** Subscribe a customer opened once online and closed, as the app warms its lists after sign-in: its
     * customers and plans are kept. */
    async function subscribeDialogSeenOnline(page: Page) {
      await page.getByRole('button', { name: 'Subscribe a customer' }).click();
      const subscribe = page.getByRole('dialog', { name: 'Subscribe a customer' });
      await expect(subscribe.getByRole('button', { name: 'Awa Ndiaye' })).toBeVisible();
      await subscribe.getByRole('button', { name: 'Cancel' }).click();
      return subscribe;
    }

    test('a customer subscribed offline is kept on the device; refused online (the plan was stopped meanwhile), corrected from Pending changes, subscribed and billed once', async ({
      page,
      context,
    }) => {
      test.slow();
      const [old] = await shopWithPlans(page, [
        { name: 'Eau 10 L', price: 9000 },
        { name: 'Eau 20 L', price: 15000 },
      ]);
      await page.goto('/sales?tab=recurring');
      const subscribe = await subscribeDialogSeenOnline(page);
      // Meanwhile a manager stops offering the 10 L plan; this phone still lists it.
      const token = await tokenOf(page);
      const stopped = await page.request.put(`/api/subscription-plans/${old.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { isActive: false },
      });
      expect(stopped.ok(), await stopped.text()).toBe(true);

      await waitForServiceWorker(page); // the app kept on the phone, as after any first visit
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Subscribe a customer' }).click();
      await subscribe.getByRole('button', { name: 'Awa Ndiaye' }).click();
      const planField = subscribe.getByLabel('Plan', { exact: true });
      await planField.selectOption(old.id);
      await subscribe.getByRole('button', { name: 'Subscribe a customer' }).click();
      await expect(page.getByText('Saved on this device')).toBeVisible();
      await expect(page.getByTestId('pending-changes')).toHaveText('1 pending change');
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));

      const inactive = 'This plan is no longer offered: it takes no new subscribers';
      await expect(page.getByTestId('pending-changes')).toHaveText('1 pending change', { timeout: 15_000 });
      await page.getByTestId('pending-changes').click();
      const refused = page.getByRole('dialog', { name: 'Pending changes' }).getByTestId('pending-change');
      await expect(refused).toContainText(inactive);
      await refused.getByRole('button', { name: 'Edit' }).click();
      // Its form opens with what was chosen and the reason under the plan.
      await expect(subscribe.getByTestId('chosen-customer')).toHaveText('Awa Ndiaye');
      await expect(subscribe.locator('#planId-help')).toHaveText(inactive);
      await planField.selectOption(
        (await planField.locator('option', { hasText: 'Eau 20 L' }).getAttribute('value'))!,
      );
      await subscribe.getByRole('button', { name: 'Subscribe a customer' }).click();
      await expect(page.getByText('Customer subscribed')).toBeVisible();
      await expect(page.getByTestId('pending-changes')).toHaveCount(0);
      // Sent once: one subscription, on the plan chosen in its place, billed once.
      const subscriptions = await apiAs(page, '/subscriptions');
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0].plan.name).toBe('Eau 20 L');
      // The subscription's page opens, with its first period billed.
      await expect(page.getByRole('heading', { name: 'Awa Ndiaye · Eau 20 L' })).toBeVisible();
      const cycles = page.getByTestId('cycles-table').locator('[data-row]');
      await expect(cycles).toHaveCount(1);
      await expect(cycles.first()).toContainText('INV-000001');
    });
  });
});
