// Lighthouse's mobile profile (a mid-range phone: simulated slow 4G, CPU / 4) on the landing page, sign-in and
// a signed-in first visit to each screen of the app (dashboard, Inventory, Sales, CRM, Accounting, Reports,
// Team, Settings), in Debian's Chromium: the Performance, Accessibility and Best Practices scores (targets 90,
// 95, 95), largest contentful paint, total blocking time and the JavaScript the page downloads (as
// transferred). Part of `npm run bench`; on its own against any running stack:
// `npx tsx scripts/bench-lighthouse.ts http://localhost:3000 demo@kasuwa.app kasuwa-demo-2026`.
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ANON_KEY } from '../local/config.ts';

interface Row {
  name: string;
  p50: number | string;
  p95: number | string;
  budget: string;
  ok: boolean;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_ONLY=inventory measures only the pages whose name matches (all by default). */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '', 'i');

interface Measure {
  lcp: number;
  tbt: number;
  js: number;
  /** The category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
}

/** The scores each page is held to: Performance, Accessibility, Best Practices. */
const SCORE_TARGETS = { performance: 90, accessibility: 95, bestPractices: 95 } as const;

/** Lighthouse could not record the page's load (NO_NAVSTART and the like): it says to run it again. */
class RunAgain extends Error {}

async function audit(port: number, url: string, keepStorage: boolean): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // A signed-in visit keeps the session put in the browser's storage; nothing else was loaded there.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new RunAgain(`Lighthouse on ${url}: ${runtimeError.message}`);
  const requests = (audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? [];
  const js = (requests as { resourceType?: string; transferSize?: number; url: string }[])
    .filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin))
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    js,
    performance: Math.round((categories.performance?.score ?? NaN) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? NaN) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? NaN) * 100),
  };
}

/** The signed-in person's session, where the app keeps it, in a browser that has not loaded the app yet. */
async function putSession(port: number, base: string, email: string, password: string) {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const session = await res.text();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  // A first visit: nothing of the app kept (Lighthouse does not clear what it is told to keep), then the
  // session. /health is the stack's JSON, not the app: the app's scripts stay out of the browser's cache.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'all' });
  await page.goto(`${base}/health`);
  await page.evaluate((s) => localStorage.setItem('kasuwa-auth', s), session);
  await page.close();
  await browser.close();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Median of three Lighthouse runs per page (one run moves by a few hundred milliseconds). */
export async function lighthouseRows(base: string, email: string, password: string): Promise<Row[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows: Row[] = [];
  try {
    for (const [name, path, signedIn, lcpBudget] of [
      ['landing page (/)', '/', false, 2500],
      ['sign-in page (/login)', '/login', false, 2500],
      ['first dashboard visit, signed in (/)', '/', true, 3000],
      ['first Inventory visit, signed in (/inventory)', '/inventory', true, 3000],
      ['first Sales visit, signed in (/sales)', '/sales', true, 3000],
      ['first CRM visit, signed in (/crm)', '/crm', true, 3000],
      ['first Accounting visit, signed in (/accounting)', '/accounting', true, 3000],
      ['first Reports visit, signed in (/reports)', '/reports', true, 3000],
      ['first Team visit, signed in (/team)', '/team', true, 3000],
      ['first Settings visit, signed in (/settings)', '/settings', true, 3000],
    ] as const) {
      if (!ONLY.test(`Lighthouse ${name}`)) continue;
      const runs: Measure[] = [];
      for (let i = 0, failed = 0; i < 3;) {
        if (signedIn) await putSession(chrome.port, base, email, password);
        try {
          runs.push(await audit(chrome.port, base + path, signedIn));
          i++;
        } catch (e) {
          // A run Lighthouse could not record is run again (twice at most for the three runs).
          if (!(e instanceof RunAgain) || ++failed > 2) throw e;
          console.warn(`${(e as Error).message}; running it again`);
        }
      }
      const median = (pick: (m: Measure) => number) => runs.map(pick).sort((a, b) => a - b)[1]!;
      const lcp = median((m) => m.lcp);
      const scores = {
        performance: median((m) => m.performance),
        accessibility: median((m) => m.accessibility),
        bestPractices: median((m) => m.bestPractices),
      };
      const t = SCORE_TARGETS;
      rows.push(
        {
          name: `Lighthouse mobile, ${name}: scores (performance / accessibility / best practices)`,
          p50: `${scores.performance} / ${scores.accessibility} / ${scores.bestPractices}`,
          p95: '',
          budget: `≥ ${t.performance} / ${t.accessibility} / ${t.bestPractices}`,
          ok:
            scores.performance >= t.performance &&
            scores.accessibility >= t.accessibility &&
            scores.bestPractices >= t.bestPractices,
        },
        {
          name: `Lighthouse mobile, ${name}: largest paint`,
          p50: seconds(lcp),
          p95: '',
          budget: `< ${lcpBudget / 1000} s`,
          ok: lcp < lcpBudget,
        },
        {
          name: `Lighthouse mobile, ${name}: total blocking time`,
          p50: `${Math.round(median((m) => m.tbt))} ms`,
          p95: '',
          budget: '(measured)',
          ok: true,
        },
        {
          name: `Lighthouse mobile, ${name}: JavaScript`,
          p50: kb(median((m) => m.js)),
          p95: '',
          budget: '(measured)',
          ok: true,
        },
      );
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [base = 'http://localhost:3000', email = 'demo@kasuwa.app', password = 'kasuwa-demo-2026'] =
    process.argv.slice(2);
  for (const r of await lighthouseRows(base, email, password))
    console.log(`${r.name.padEnd(75)} ${String(r.p50).padStart(10)}  ${r.budget}  ${r.ok ? 'ok' : 'OVER'}`);
}
