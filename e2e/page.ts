// What a test does to the page itself: its language before the first load, the phone's navigation, the
// service worker, layout shifts, and text read the way a person reads it.
import type { Page } from '@playwright/test';

/** Text with its narrow and non-breaking spaces (amounts, dates) read as plain spaces. */
export const squash = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

/** Sets the interface language (as the language switch saves it) before the first page load. */
export async function useLanguage(page: Page, locale: 'en' | 'fr') {
  await page.addInitScript((l) => localStorage.setItem('kasuwa-locale', l), locale);
}

/** On a phone the navigation sits in the slide-in menu: open it. On wider screens it is always there. */
export async function openNavigation(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 768)
    await page.getByRole('button', { name: 'Open menu' }).click();
}

/**
 * Waits until the app's service worker is activated, so the pages opened next (and reloads) are served by it
 * without the network. (`page.waitForFunction` would not do: it takes an async predicate's promise for a
 * truthy answer and returns at once, while the worker may still be installing.)
 */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active && active.state !== 'activated')
      await new Promise<void>((resolve) =>
        active.addEventListener('statechange', () => active.state === 'activated' && resolve()),
      );
  });
}

/**
 * Counts, from the next page load on, how far the page's content moved by itself (layout shifts not caused by
 * the person, as the browser measures them); `shifted(page)` reads the total.
 */
export async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifted += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const shifted = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifted: number }).shifted);
