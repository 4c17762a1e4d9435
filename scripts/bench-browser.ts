// The browser side of `npm run bench`, in Debian's Chromium: the gzipped JavaScript and CSS a browser
// downloads for the landing page, /login and the dashboard after sign-in (service worker blocked, so its
// precaching is not counted), and the landing page's largest contentful paint on a phone with a 4x slower
// CPU and a slow 4G network (DevTools protocol throttling, as Lighthouse's mobile profile).
import { chromium, type BrowserContext, type Page } from '@playwright/test';

interface Row {
  name: string;
  p50: number | string;
  p95: number | string;
  budget: string;
  ok: boolean;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2.6,
};

/** Bytes (as transferred, gzipped) of the scripts and of the styles a page loads until the network is quiet. */
async function downloaded(page: Page, open: () => Promise<void>): Promise<{ js: number; css: number }> {
  const bytes = { js: 0, css: 0 };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const kind = { script: 'js', stylesheet: 'css' }[request.resourceType()] as 'js' | 'css' | undefined;
    if (!kind) return;
    pending.push(
      request.sizes().then((s) => {
        bytes[kind] += s.responseBodySize;
      }),
    );
  });
  await open();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return bytes;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * The rows of one page: its JavaScript against the budget (the landing page and sign-in under 150 KB, the
 * signed-in dashboard under 250 KB), its CSS as measured.
 */
function sizeRows(name: string, bytes: { js: number; css: number }, budget?: number): Row[] {
  return [
    {
      name: `${name} JavaScript (gzip)`,
      p50: `${kb(bytes.js)} KB`,
      p95: '',
      budget: budget ? `< ${budget} KB` : '(measured)',
      ok: !budget || kb(bytes.js) < budget,
    },
    { name: `${name} CSS (gzip)`, p50: `${kb(bytes.css)} KB`, p95: '', budget: '(measured)', ok: true },
  ];
}

async function newContext(browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, serviceWorkers: 'block' });
}

export async function browserBudgets(base: string, token: string, anonKey: string): Promise<Row[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows: Row[] = [];
  try {
    for (const [name, path, budget] of [
      ['landing page (/)', '/', 150],
      ['sign-in page (/login)', '/login', 150],
      ['registration page (/register)', '/register', 150],
    ] as const) {
      const context = await newContext(browser);
      const page = await context.newPage();
      const bytes = await downloaded(page, async () => {
        await page.goto(base + path);
      });
      rows.push(...sizeRows(name, bytes, budget));
      await context.close();
    }

    // The dashboard of a signed-in member: the session is in the browser before the page loads.
    {
      const context = await newContext(browser);
      const session = await (
        await fetch(`${base}/auth/v1/user`, {
          headers: { authorization: `Bearer ${token}`, apikey: anonKey },
        })
      ).json();
      await context.addInitScript(
        ([t, user]) =>
          localStorage.setItem(
            'kasuwa-auth',
            JSON.stringify({
              access_token: t,
              token_type: 'bearer',
              expires_in: 3600,
              expires_at: Math.floor(Date.now() / 1000) + 3600,
              refresh_token: 'bench',
              user,
            }),
          ),
        [token, session] as const,
      );
      const page = await context.newPage();
      const bytes = await downloaded(page, async () => {
        await page.goto(base + '/');
        await page.getByTestId('metric-cashReceived').waitFor();
      });
      rows.push(...sizeRows('signed-in dashboard', bytes, 250));
      await context.close();
    }

    // Largest contentful paint of the landing page: slow 4G (150 ms, 1.6 Mbps down, 750 kbps up), CPU / 4.
    const paints: number[] = [];
    for (let run = 0; run < 3; run++) {
      const context = await newContext(browser);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(base + '/', { waitUntil: 'load' });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]!.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      paints.push(lcp);
      await context.close();
    }
    paints.sort((a, b) => a - b);
    const median = Math.round(paints[1]!);
    rows.push({
      name: 'landing page largest paint, slow 4G + 4x CPU (median of 3)',
      p50: `${(median / 1000).toFixed(2)} s`,
      p95: '',
      budget: '< 3 s',
      ok: median < 3000,
    });
  } finally {
    await browser.close();
  }
  return rows;
}
