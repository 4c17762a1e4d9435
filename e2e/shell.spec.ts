// The signed-in frame on a phone and a laptop: a header that stays one row, bottom sheets whose title and
// Save stay on screen, toasts that keep off the header and can be dismissed, a phone menu that comes in
// from its button's side, and a CRM board that a finger can scroll and a laptop shows whole.
import type { CDPSession, Locator, Page } from '@playwright/test';
import {
  allowMoreOrganizations,
  apiAs,
  expect,
  holdWarmUp,
  registerOwner,
  signIn,
  test,
  useLanguage,
  waitForServiceWorker,
} from './fixtures.ts';
import { overflowingButtons } from './layout.ts';
import { fillProduct } from './shop.ts';

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

/** The element's box on the page, once it has one. */
const box = async (l: Locator) => {
  await expect(l).toBeVisible();
  return (await l.boundingBox())!;
};

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A finger put down at `from` and dragged by (dx, dy), as the phone sends it (Chromium's touch input). */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, dx: number, dy: number) {
  const point = (i: number) => ({ x: from.x + (dx * i) / 10, y: from.y + (dy * i) / 10 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(i)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * Waits until a swipe's fling has stopped. A touch during a fling only stops it (Chrome, as a phone, sends no
 * click), so a tap made while the page still glides opens nothing; Playwright's own "stable" check can miss a
 * slow fling on a busy machine.
 */
async function flingStopped(page: Page) {
  const positions = () =>
    page.evaluate(() =>
      [
        window.scrollY,
        ...[...document.querySelectorAll('[data-testid="board"]')].map((b) => b.scrollLeft),
      ].join(),
    );
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await positions();
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [200] },
    )
    .toBe(true);
}

const center = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** The words of an element that are cut across two lines ("Compt" / "abilité"). */
const cutWords = (l: Locator) =>
  l.evaluate((el) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) cut.push(word[0]);
      }
    return cut;
  });

/** Whether an element's background hides what passes under it, in the light theme and in the dark one. */
const opaqueInBothThemes = (l: Locator) =>
  l.evaluate((el) => {
    const html = document.documentElement;
    const theme = html.getAttribute('data-theme');
    const alphas = ['kasuwa', 'kasuwa-dark'].map((t) => {
      html.setAttribute('data-theme', t);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = getComputedStyle(el).backgroundColor;
      canvas.fillRect(0, 0, 1, 1);
      return canvas.getImageData(0, 0, 1, 1).data[3];
    });
    if (theme) html.setAttribute('data-theme', theme);
    return alphas.every((a) => a === 255);
  });

test.describe('the header at 360 px', () => {
  // Offline with the app kept on the phone.
  test.use({ viewport: { width: 360, height: 640 }, serviceWorkers: 'allow' });

  test('in French, offline with a pending change and two organizations, is one row with the page title', async ({
    page,
    context,
  }) => {
    await useLanguage(page, 'fr');
    const owner = await registerOwner(page, { locale: 'fr' });
    await signIn(page, owner.email, owner.password);
    const second = `Deuxième Boutique ${owner.id}`; // names are unique across organizations
    await allowMoreOrganizations(page, owner.organizationName); // the free plan allows one
    await apiAs(page, '/organizations', { name: second, country: 'GH', currency: 'GHS' });
    await page.goto('/');
    const menu = async (link: string) => {
      await button(page, 'Ouvrir le menu').click();
      await page.locator('#app-menu').getByRole('link', { name: link }).click();
    };
    await expect(page.getByRole('banner').getByText('Tableau de bord')).toBeVisible();
    await button(page, 'Ouvrir le menu').click();
    await expect(page.locator('#app-menu')).toContainText(second);
    await page.keyboard.press('Escape');
    await menu('Comptabilité'); // its screen's code is then here when it opens offline
    await expect(page.getByRole('tab', { name: 'Dépenses' })).toBeVisible();
    await menu('CRM');
    await expect(page.getByTestId('column-PROSPECT')).toBeVisible();

    await waitForServiceWorker(page); // the app kept on the phone, as after any first visit
    await context.setOffline(true);
    await expect(page.getByRole('banner').getByText('Hors ligne', { exact: true })).toBeVisible();
    await button(page, 'Ajouter un prospect').click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un prospect' });
    await dialog.getByLabel('Nom').fill('Prospect hors ligne');
    await dialog.getByRole('button', { name: 'Enregistrer le prospect' }).click();
    await expect(dialog).toBeHidden();
    const pending = page.getByTestId('pending-changes');
    await expect(pending).toHaveAccessibleName('1 modification en attente');
    await expect(pending).toHaveText('1 modification en attente');
    await menu('Tableau de bord');

    const header = page.getByRole('banner');
    const title = header.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Tableau de bord');
    await expect(title).toBeInViewport({ ratio: 1 });
    // The whole title shows: not cut by the two lines it may take.
    expect(await title.evaluate((h) => h.scrollHeight <= h.clientHeight + 1)).toBe(true);
    expect((await box(header)).height).toBeLessThanOrEqual(64);
    for (const control of [pending, header.getByText('Hors ligne'), header.getByLabel('Menu utilisateur')])
      await expect(control).toBeInViewport({ ratio: 1 });
    expect(await overflowingButtons(header)).toEqual([]);
    // The longest title in French, beside the pending changes: whole words, and a bar nothing shows through.
    await menu('Comptabilité');
    await expect(title).toHaveText('Comptabilité');
    expect(await cutWords(title)).toEqual([]);
    for (const control of [pending, header.getByText('Hors ligne'), header.getByLabel('Menu utilisateur')])
      await expect(control).toBeInViewport({ ratio: 1 });
    expect(await overflowingButtons(header)).toEqual([]);
    expect(await opaqueInBothThemes(header)).toBe(true);
    await context.setOffline(false);
    await expect(pending).toHaveCount(0, { timeout: 15_000 });
  });
});

test.describe('a bottom sheet at 360 x 640', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('keeps its title and Save on screen while a long form scrolls, also with the keyboard open', async ({
    page,
  }) => {
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });

    await page.goto('/sales?tab=invoices');
    await button(page, 'Create Invoice').click();
    const invoice = page.getByRole('dialog', { name: 'Create Invoice' });
    for (let i = 0; i < 4; i++) await invoice.getByRole('button', { name: 'Add item' }).click();
    const save = invoice.getByRole('button', { name: 'Create Invoice' });
    const title = invoice.getByRole('heading', { name: 'Create Invoice' });
    // The last line's description at the bottom of the form, then the first line's at the top.
    for (const field of [invoice.locator('#line-4-description'), invoice.locator('#line-0-description')]) {
      await field.focus();
      await expect(field).toBeInViewport({ ratio: 1 });
      await expect(title).toBeInViewport({ ratio: 1 });
      await expect(save).toBeInViewport({ ratio: 1 });
      await save.click({ trial: true }); // nothing covers it
    }
    // The on-screen keyboard takes the bottom 280 px: the sheet shrinks above it.
    await page.setViewportSize({ width: 360, height: 360 });
    await invoice.locator('#line-2-description').focus();
    await expect(invoice.locator('#line-2-description')).toBeInViewport({ ratio: 1 });
    await expect(title).toBeInViewport({ ratio: 1 });
    await expect(save).toBeInViewport({ ratio: 1 });
    await invoice.getByRole('button', { name: 'Cancel' }).click();
    await expect(invoice).toBeHidden();

    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/inventory');
    await button(page, 'Add Product').click();
    const product = page.getByRole('dialog', { name: 'Add Product' });
    await page.setViewportSize({ width: 360, height: 360 });
    const stock = product.getByLabel('Opening stock');
    await stock.fill('12');
    await expect(stock).toBeInViewport({ ratio: 1 });
    await expect(product.getByRole('heading', { name: 'Add Product' })).toBeInViewport({ ratio: 1 });
    await expect(product.getByRole('button', { name: 'Create Product' })).toBeInViewport({ ratio: 1 });
    await product.getByRole('button', { name: 'Create Product' }).click({ trial: true });
  });
});

test.describe('toasts', () => {
  // Two of these go offline with the app kept on the phone.
  test.use({ serviceWorkers: 'allow' });
  test(
    'keep off the header (at the bottom of a phone, top right on a laptop) and close with their button or a swipe',
    { tag: '@wide' },
    async ({ page, context }) => {
      const owner = await registerOwner(page);
      await signIn(page, owner.email, owner.password, { keptOffline: true });
      await page.goto('/');
      const header = page.getByRole('banner');
      await expect(header.getByText('Online', { exact: true })).toBeVisible();
      const viewport = page.viewportSize()!;

      await waitForServiceWorker(page); // the app kept on the phone, as after any first visit
      await context.setOffline(true);
      const offline = page.getByTestId('toast').filter({ hasText: "You're Offline" });
      await offline.getByRole('button', { name: 'Close' }).click({ trial: true }); // it has come in and stands still
      // Being offline is a state to know about, not an error: the neutral look, not the error's red cross.
      await expect(offline).toHaveAttribute('data-variant', 'info');
      const toast = await box(offline);
      const bar = await box(header);
      expect(overlaps(toast, bar)).toBe(false);
      if (viewport.width < 640) expect(toast.y).toBeGreaterThan(viewport.height / 2);
      else {
        expect(toast.y).toBeGreaterThanOrEqual(bar.y + bar.height);
        expect(toast.x + toast.width).toBeGreaterThan(viewport.width - 40);
        // A click on the words goes through to the page under them: only Close belongs to the toast.
        const words = center(await box(offline.getByText("You're Offline")));
        expect(
          await page.evaluate(
            ({ x, y }) => !document.elementFromPoint(x, y)?.closest('[data-testid="toast"]'),
            words,
          ),
        ).toBe(true);
      }
      await offline.getByRole('button', { name: 'Close' }).click();
      await expect(offline).toBeHidden();

      await context.setOffline(false);
      const back = page.getByTestId('toast').filter({ hasText: 'Back Online' });
      await expect(back).toBeVisible();
      await back.getByRole('button', { name: 'Close' }).click({ trial: true });
      if (test.info().project.name === 'phone') {
        const cdp = await context.newCDPSession(page);
        await swipe(cdp, center(await box(back.getByText('Back Online'))), 150, 0);
      } else await back.getByRole('button', { name: 'Close' }).click();
      await expect(back).toBeHidden();
    },
  );

  test(
    'a refusal while a dialog is open shows above it, clear of its buttons',
    { tag: '@wide' },
    async ({ page }) => {
      const owner = await registerOwner(page);
      await signIn(page, owner.email, owner.password, { load: false });
      await apiAs(page, '/products', { name: 'Gino Tomato Paste', sku: 'GINO-70', cost: 1, price: 2 });
      await page.goto('/inventory');
      await button(page, 'Add Product').click();
      const dialog = page.getByRole('dialog', { name: 'Add Product' });
      await fillProduct(dialog, { name: 'Another paste', sku: 'GINO-70', cost: '1', price: '2' }, false);
      const create = dialog.getByRole('button', { name: 'Create Product' });
      await create.click();
      const refused = page.getByTestId('toast').filter({ hasText: 'A product with this SKU already exists' });
      const close = refused.getByRole('button', { name: 'Close' });
      await close.click({ trial: true }); // it has come in and stands still
      const topmost = (point: { x: number; y: number }) =>
        page.evaluate(({ x, y }) => {
          const el = document.elementFromPoint(x, y);
          return el?.closest('[data-testid="toast"]') ? 'toast' : (el?.textContent ?? '');
        }, point);
      // Drawn above the dialog (not behind the sheet), and the dialog's buttons stay in reach.
      expect(await topmost(center(await box(close)))).toBe('toast');
      expect(await topmost(center(await box(create)))).toBe('Create Product');
      expect(await topmost(center(await box(dialog.getByRole('button', { name: 'Cancel' }))))).toBe('Cancel');
      await close.click();
      await expect(refused).toBeHidden();
      await expect(dialog.getByLabel('SKU')).toHaveValue('GINO-70'); // nothing typed is lost
    },
  );

  test.describe('on a first visit, before the app is kept on the phone', () => {
    test.use({ serviceWorkers: 'block' }); // nothing kept: every file would come from the network
    test('a connection that drops still says so, and so does its return', async ({ page, context }) => {
      const owner = await registerOwner(page);
      await signIn(page, owner.email, owner.password);
      // The first screen done and the browser idle: what the app fetches for later has come.
      await page.waitForFunction(() => performance.getEntriesByName('kasuwa:first-screen-done').length > 0);
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await expect(page.getByTestId('toast').filter({ hasText: "You're Offline" })).toBeVisible();
      await context.setOffline(false);
      await expect(page.getByTestId('toast').filter({ hasText: 'Back Online' })).toBeVisible();
    });
  });
  // How long each kind of toast stays is proved on a clock the test moves, in notify.test.tsx.
});

test.describe('the phone menu', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('comes in from the side of its button, on the public site and in the app', async ({ page }) => {
    const openFromItsSide = async () => {
      const open = button(page, 'Open menu');
      const right = center(await box(open)).x > 180;
      await open.click();
      const panel = page.getByTestId('drawer-panel');
      await expect(panel).toBeVisible();
      // Once it has slid in, it touches the screen's edge on the button's side.
      await expect
        .poll(async () => {
          const b = (await panel.boundingBox())!;
          return right ? Math.round(b.x + b.width) : Math.round(b.x);
        })
        .toBe(right ? 360 : 0);
      return right;
    };
    await page.goto('/');
    expect(await openFromItsSide()).toBe(true);
    await page.keyboard.press('Escape');

    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password);
    expect(await openFromItsSide()).toBe(false);
  });
});

test.describe('the CRM board', () => {
  test('on a touch screen a swipe that starts on a lead scrolls the board and the page', async ({
    browser,
  }) => {
    // A phone with a touch screen, whichever project runs it.
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      hasTouch: true,
      isMobile: true,
    });
    await holdWarmUp(context); // as the suite's own pages have it
    const page = await context.newPage();
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    // Enough leads for the page to be taller than the screen.
    await Promise.all(
      ['Kofi', 'Ama', 'Yaw', 'Efua', 'Kwame', 'Akosua', 'Kojo', 'Abena'].map((name) =>
        apiAs(page, '/leads', { name, company: `${name} Provisions`, stage: 'QUALIFIED' }),
      ),
    );
    await apiAs(page, '/leads', { name: 'Aisha Bello', company: 'Bello Pharmacy', value: 2500 });
    await page.goto('/crm');
    const board = page.getByTestId('board');
    const card = board.getByTestId('column-PROSPECT').getByTestId('lead-card');
    await expect(card).toContainText('Aisha Bello');
    await expect(page.getByText('Tap a lead to move it to another stage.')).toBeVisible();
    await expect(page.getByTestId('board-more')).toBeVisible(); // more columns to the right
    await card.scrollIntoViewIfNeeded();
    const cdp = await context.newCDPSession(page);

    await swipe(cdp, center(await box(card)), -200, 0);
    await expect.poll(() => board.evaluate((b) => b.scrollLeft)).toBeGreaterThan(50);
    await expect(card).toContainText('Aisha Bello'); // not dragged anywhere
    expect((await apiAs(page, '/leads'))[0].stage).toBe('PROSPECT');

    await flingStopped(page);
    await board.evaluate((b) => b.scrollTo({ left: 0 }));
    const before = await page.evaluate(() => window.scrollY);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(
      200,
    );
    await swipe(cdp, center(await box(card)), 0, -150);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 50);

    // Once the page has stopped gliding, a tap opens it; its stage buttons move it, and the details show the new stage at once.
    await flingStopped(page);
    await card.tap();
    const details = page.getByRole('dialog', { name: 'Lead Details' });
    await details.getByRole('button', { name: 'Qualified' }).tap();
    await expect(details.getByTestId('lead-stage')).toHaveText('Qualified');
    await context.close();
  });

  test('shows every column, Closed Lost too, at 1366 px; narrower, the board scrolls to it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const owner = await registerOwner(page);
    await signIn(page, owner.email, owner.password, { load: false });
    await apiAs(page, '/leads', { name: 'Lost Cause', stage: 'CLOSED_LOST' });
    await page.goto('/crm');
    const lost = page.getByTestId('column-CLOSED_LOST');
    await expect(lost).toContainText('Lost Cause');
    await expect(lost).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('board-more')).toHaveCount(0);

    await page.setViewportSize({ width: 900, height: 768 });
    await expect(page.getByTestId('board-more')).toBeVisible();
    await page.getByTestId('board').evaluate((b) => b.scrollTo({ left: b.scrollWidth }));
    await expect(lost).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('board-more')).toHaveCount(0);
  });
});

// Every button of the CRM page and its dialogs, and of Create Invoice, fits its label in French at 360 px:
// e2e/phone-width.spec.ts.
