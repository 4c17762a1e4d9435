// The screenshot sheet of the UI primitives (docs/primitives.md): web/sheet/ served by Vite's dev server,
// photographed in Debian's Chromium at 1366 px and 360 px, in English and French, light and dark, with a form
// dialog (a bottom sheet on the phone), a confirmation and the reason asked before a correction.
// `npm run docs:primitives` writes docs/primitives/.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs/primitives');

const server = await createServer({
  configFile: path.join(ROOT, 'web/vite.config.ts'),
  server: { port: 0, host: '127.0.0.1', strictPort: false },
  logLevel: 'warn',
});
await server.listen();
const address = server.httpServer!.address();
if (!address || typeof address === 'string') throw new Error('the dev server has no port');
const base = `http://127.0.0.1:${address.port}/sheet/index.html`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  for (const locale of ['en', 'fr'] as const)
    for (const theme of ['light', 'dark'] as const)
      for (const [width, dialog] of [
        [1366, null],
        [360, null],
        [360, 'form'],
        [1366, 'confirm'],
        [360, 'reason'],
      ] as const) {
        const page = await browser.newPage({ viewport: { width, height: width < 500 ? 780 : 800 } });
        await page.goto(`${base}?lang=${locale}&theme=${theme}${dialog ? `&dialog=${dialog}` : ''}`);
        await page.locator(dialog ? 'dialog[open]' : 'main').waitFor();
        await page.evaluate(() => document.fonts.ready);
        const name = `${dialog ?? 'sheet'}-${locale}-${theme}-${width}.png`;
        await page.screenshot({ path: path.join(OUT, name), fullPage: !dialog, animations: 'disabled' });
        console.log(`docs/primitives/${name}`);
        await page.close();
      }
} finally {
  await browser.close();
  await server.close();
}
