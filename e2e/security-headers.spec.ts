// The app's pages and files are served with the security headers: a Content-Security-Policy that
// allows no script but the app's own (its two inline scripts by their hashes), no framing, no MIME sniffing, a
// cautious referrer policy; and the app runs under it — pages, the logo's data: URL, the PDF writer — with
// no violation reported by the browser.
import { expect, signIn, test } from './fixtures.ts';

test('pages and files carry the security headers, and the app runs under its policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const home = await page.request.get('/');
  const csp = home.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  // The page's two inline scripts (the theme and language before the first paint; the app's start), by hash.
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(home.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['x-content-type-options']).toBe('nosniff');
  // A malformed address is a bad request, not a server error.
  expect((await page.request.get('/%E0%A4%A')).status()).toBe(400);

  // A refusal the page's code catches (zod's probe of `new Function`) is not in the console, but the browser
  // still reports it (Lighthouse counts it against best practices).
  await page.addInitScript(() => {
    const w = window as unknown as { refused: string[] };
    w.refused = [];
    document.addEventListener('securitypolicyviolation', (e) => w.refused.push(e.violatedDirective));
  });
  const reported = async (path: string) =>
    (await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).map(
      (r) => `${path}: ${r}`,
    );
  await signIn(page);
  for (const path of ['/', '/sales', '/settings', '/crm', '/team']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    violations.push(...(await reported(path)));
  }
  await page.goto('/sales');
  await page.locator('a[href^="/sales/invoices/"]').first().click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  expect(violations).toEqual([]);
});
