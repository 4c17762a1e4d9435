import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

import { VitePWA } from 'vite-plugin-pwa';
import { hostConfig } from '../local/host-config.ts';
import { type CaptchaSettings, captchaMetas, captchaSettingsOf } from '../packages/shared/captcha.ts';
import type { Prerendered } from './src/prerender.tsx';
import { sourceAliases } from './aliases.ts';
import { chunkGroups, deferAppScripts } from './first-screens.ts';

/** A static host's configuration (rewrites and headers) written next to the built app. */
function staticHostConfig(): Plugin {
  let env: Record<string, string> = {};
  return {
    name: 'kasuwa-static-host-config',
    apply: 'build',
    configResolved(config) {
      env = config.env as Record<string, string>;
    },
    writeBundle(options) {
      const dir = options.dir!;
      const files = hostConfig(readFileSync(path.join(dir, 'index.html'), 'utf8'), {
        supabaseUrl: env.VITE_SUPABASE_URL || undefined,
        apiUrl: env.VITE_API_URL || undefined,
      });
      for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    },
  };
}

/**
 * The captcha widget's settings (VITE_CAPTCHA_PROVIDER, VITE_CAPTCHA_SITE_KEY): refused when incomplete or
 * unknown, rather than built into an app whose sign-in nobody could pass. A build with a provider names it
 * and its site key in two <meta> of the page, which the app reads, and from which the page's
 * Content-Security-Policy allows that provider's widget (local/security-headers.ts) wherever it is served.
 */
function captchaSettings(): Plugin {
  let settings: CaptchaSettings | undefined;
  return {
    name: 'kasuwa-captcha-settings',
    configResolved(config) {
      settings = captchaSettingsOf(config.env, {
        provider: 'VITE_CAPTCHA_PROVIDER',
        siteKey: 'VITE_CAPTCHA_SITE_KEY',
      });
    },
    transformIndexHtml: () =>
      settings
        ? captchaMetas(settings).map((attrs) => ({ tag: 'meta', attrs, injectTo: 'head' as const }))
        : [],
  };
}

/**
 * The landing page and sign-in, rendered at build time in English and French (web/src/prerender.tsx) into
 * the page's root: a visitor's phone paints them from the HTML and the CSS, before the JavaScript. Each is
 * hidden (index.css) unless the page's first script marks <html data-prerender> with its page and language:
 * at / or /login, in the language the app will show, and only without a session (a member at / gets the
 * dashboard); the others are removed as the page ends. It is inert — read, not used: a tap or a key does
 * nothing until the app renders the same page over it, a second or two later on 3G (main.tsx).
 */
function prerenderVisitorPages(): Plugin {
  let apiUrl = '';
  return {
    name: 'kasuwa-prerender-visitor-pages',
    apply: 'build',
    configResolved(config) {
      apiUrl = ((config.env as Record<string, string>).VITE_API_URL ?? '').replace(/\/+$/, '');
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const server = await createServer({
          configFile: false,
          root: import.meta.dirname,
          mode: 'production',
          plugins: [react()],
          resolve: { alias: [...sourceAliases, { find: /^@tanstack\/query-core$/, replacement: queryCore }] },
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          logLevel: 'error',
        });
        try {
          const { renderVisitorPages } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
            renderVisitorPages: () => Promise<Prerendered[]>;
          };
          const pages = await renderVisitorPages();
          const blocks = pages
            // inert: a picture of the page until the app is here (nothing to type into, nothing submitted).
            .map(
              (p) => `<div data-prerendered="${p.page}-${p.locale}" lang="${p.locale}" inert>${p.html}</div>`,
            )
            .join('');
          if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
          return deferAppScripts(
            html.replace('<div id="root"></div>', `<div id="root">${blocks}</div>`),
            ctx.bundle,
            apiUrl,
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}

// One copy of TanStack Query's core in the bundle: the one @tanstack/react-query itself uses. The persist
// client and the storage persister were installed with their own (older 5.x) copies, and a browser
// downloaded three.
const require = createRequire(import.meta.url);
// Its modern build (what its `import` condition names; the folder's `module` field is the legacy one, whose
// private fields are emulated with helper functions: larger, and slower to run).
const queryCore = path.join(
  path.dirname(
    require.resolve('@tanstack/query-core/package.json', {
      paths: [path.dirname(require.resolve('@tanstack/react-query/package.json'))],
    }),
  ),
  'build/modern/index.js',
);

/**
 * The strings' messages parsed when the app is built, not in the browser: react-intl takes them parsed, and
 * the app then ships without the message parser (about 12 KB gzipped on every page, the landing page's too)
 * and does not parse each message the first time it is shown (hundreds on a screen, on a slow phone's CPU).
 * The prerendered pages and the tests read the catalogs as they are written (react-intl takes either).
 */
function precompiledMessages(): Plugin {
  return {
    name: 'kasuwa:precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/][^\\/]+\.json$/.test(id)) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      const parsed = Object.entries(catalog).map(([key, message]) => [key, parseMessage(message)]);
      return { code: JSON.stringify(Object.fromEntries(parsed)), map: null };
    },
  };
}
// Every copy of the parser (react-intl's, intl-messageformat's) without its parsing: its types and helpers only.
const messageParser = path.join(
  path.dirname(require.resolve('@formatjs/icu-messageformat-parser')),
  'no-parser.js',
);

export default defineConfig({
  root: import.meta.dirname,
  resolve: {
    alias: [
      ...sourceAliases,
      { find: /^@tanstack\/query-core$/, replacement: queryCore },
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: messageParser },
    ],
  },
  plugins: [
    precompiledMessages(),
    react(),
    tailwindcss(),
    captchaSettings(),
    prerenderVisitorPages(),
    staticHostConfig(),
    // The app shell and every route chunk are precached by /sw.js, so the app opens offline after one
    // visit; a new build waits for the member to accept the update prompt.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Kasuwa — business management',
        short_name: 'Kasuwa',
        description: 'Inventory, invoices, payments, customers and reports for African small businesses.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fbfcf8',
        theme_color: '#1f5e3b',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The PDF writer (pdf-lib with fontkit, ~500 KB gzipped) and its fonts are fetched the first time a
        // PDF is asked for, then kept: never downloaded in the background by a phone that makes no PDF.
        globIgnores: ['**/pdf-lib-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/(pdf-lib-[\w-]+\.js|NotoSans-[\w-]+\.ttf)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'pdf-writer', expiration: { maxEntries: 8 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(api|auth|rest|functions|health)\b/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    // WEB_DIST lets two builds (e.g. two browser-test runs on different ports) live side by side.
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // Fewer, larger files for a first visit, and pdf-lib apart (chunkGroups).
      output: {
        codeSplitting: chunkGroups(),
      },
    },
  },
  server: {
    proxy: {
      '/auth': 'http://localhost:3000',
      '/rest': 'http://localhost:3000',
      '/functions': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
});
