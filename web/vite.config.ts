import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import { VitePWA } from 'vite-plugin-pwa';
import { hostConfig } from '../local/host-config.ts';
import { CAPTCHA_META, isCaptchaProvider } from '../packages/shared/captcha.ts';
import type { Prerendered } from './src/prerender.tsx';
import { sourceAliases } from './aliases.ts';

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
 * in a <meta> of the page, from which the page's Content-Security-Policy allows that provider's widget
 * (local/security-headers.ts) wherever the page is served.
 */
function captchaSettings(): Plugin {
  let provider: string | undefined;
  return {
    name: 'kasuwa-captcha-settings',
    configResolved(config) {
      const env = config.env as Record<string, string>;
      provider = env.VITE_CAPTCHA_PROVIDER || undefined;
      if (provider === undefined && !env.VITE_CAPTCHA_SITE_KEY) return;
      if (!isCaptchaProvider(provider))
        throw new Error(`VITE_CAPTCHA_PROVIDER must be hcaptcha or turnstile (got ${provider ?? 'nothing'})`);
      if (!env.VITE_CAPTCHA_SITE_KEY)
        throw new Error('VITE_CAPTCHA_SITE_KEY is needed with VITE_CAPTCHA_PROVIDER');
    },
    transformIndexHtml: () =>
      provider ? [{ tag: 'meta', attrs: { name: CAPTCHA_META, content: provider }, injectTo: 'head' }] : [],
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

/**
 * Where a member's first visit lands, by address (a regular expression): the screen's source (its code is
 * fetched at once) and the /api reads it makes first, exactly as its queries ask for them (`{org}`: the
 * member's organization), which index.html starts beside the code for members of the roles that make them
 * (`roles`, default all; lib/api-client.ts takes the answers). e2e/page-weight.spec.ts checks each is read
 * once and before the code is there.
 */
const MEMBER_SCREENS: { path: string; source: string; reads?: string[]; roles?: string[] }[] = [
  { path: '^/$', source: 'src/features/dashboard/dashboard-page.tsx', reads: ['/api/dashboard'] },
  {
    path: '^/accounting/?$',
    source: 'src/features/accounting/accounting-page.tsx',
    reads: ['/api/accounting/summary', '/api/expenses?offset=0&limit=25'],
  },
  {
    path: '^/reports/?$',
    source: 'src/features/reports/reports-page.tsx',
    reads: [
      '/api/reports/overview?days=30&offset=0&limit=25',
      '/api/reports/timeseries?days=30&offset=0&limit=25',
    ],
    roles: ['OWNER', 'MANAGER', 'ACCOUNTANT'],
  },
  {
    path: '^/inventory/?$',
    source: 'src/features/inventory/inventory-page.tsx',
    reads: ['/api/products?offset=0&limit=25', '/api/reports/metrics'],
  },
  {
    path: '^/sales/?$',
    source: 'src/features/invoices/sales-page.tsx',
    reads: ['/api/invoices?offset=0&limit=25'],
  },
  { path: '^/sales/invoices/[^/]+/?$', source: 'src/features/invoices/invoice-page.tsx' },
  {
    path: '^/crm/?$',
    source: 'src/features/crm/crm-page.tsx',
    reads: [
      ...['PROSPECT', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST'].map(
        (s) => `/api/leads?stage=${s}&limit=25`,
      ),
      '/api/leads/summary',
    ],
  },
  {
    path: '^/team/?$',
    source: 'src/features/team/team-page.tsx',
    reads: ['/api/organizations/{org}/members', '/api/organizations/{org}/invitations'],
  },
  {
    path: '^/settings/?$',
    source: 'src/features/settings/settings-page.tsx',
    reads: [
      '/api/organizations/{org}/payment-reminders',
      '/api/organizations/{org}',
      '/api/organizations/{org}/profile',
    ],
  },
];

/**
 * How the app's code is cut into files. Rolldown on its own makes a file of every set of modules that the same
 * screens share: a member's first screen came in 43 files (many under 1 KB) and the landing page in 28, and on
 * a phone every file is a round trip (150 ms on 3G, six at a time). So:
 * - `core`: everything the app's entry imports, which every page runs first anyway, in one file;
 * - `member`: the signed-in shell (header, menus, notifications, the outbox) and what it imports that no
 *   visitor's page does, in one file;
 * - `forms`: what a member's screen draws first and the sign-in page too (the text field...), in one file;
 * - `screens`: what two member screens or more draw first, or a visitor's page other than the landing page
 *   and sign-in (react-hook-form, the list, its search, pages, badges, tabs, the form fields), in one file;
 * - each member screen's own first paint in one file; its dialogs and other tabs, fetched once it is drawn
 *   (lib/idle.ts), keep rolldown's own cut;
 * - `pdf-lib` on its own, so the service worker can leave it out.
 * The landing page comes in 4 files and a member's first screen in 9: the app's, rolldown's runtime, the
 * shell's, its strings (3), `forms`, `screens` and the screen's (`npm run bench` holds the weights).
 */
function chunkGroups(): NonNullable<Rollup.OutputOptions['codeSplitting']> {
  const src = (file: string) => path.join(import.meta.dirname, file);
  type Ctx = { getModuleInfo(id: string): Rollup.ModuleInfo | null };
  let groupOf: Map<string, string> | undefined;
  const plan = (ctx: Ctx) => {
    if (groupOf) return groupOf;
    const closure = (roots: string[]) => {
      const seen = new Set<string>();
      const visit = (m: string) => {
        if (seen.has(m)) return;
        seen.add(m);
        for (const i of ctx.getModuleInfo(m)?.importedIds ?? []) visit(i);
      };
      roots.forEach(visit);
      return seen;
    };
    const shell = src('src/app/shell/app-layout.tsx');
    // An invoice's page shares its document with the public one: it keeps rolldown's own cut.
    const screens = MEMBER_SCREENS.map((screen) => src(screen.source)).filter(
      (m) => !m.endsWith('invoice-page.tsx'),
    );
    const members = new Set([shell, ...MEMBER_SCREENS.map((screen) => src(screen.source))]);
    // The pages the router loads for visitors; the two painted from the HTML (landing, sign-in) apart.
    const others = ctx.getModuleInfo(src('src/app/router.tsx'))?.dynamicallyImportedIds ?? [];
    const visitorPages = others.filter(
      (m) => !members.has(m) && /features[\\/](marketing|auth)[\\/]|public-|invite-|not-found/.test(m),
    );
    const firstPaint = closure(visitorPages.filter((m) => /(landing|login|register)-page\.tsx$/.test(m)));
    const visitors = closure(visitorPages);
    groupOf = new Map();
    for (const m of closure([shell])) if (!visitors.has(m)) groupOf.set(m, 'member');
    const drawnBy = new Map<string, string[]>();
    for (const screen of screens)
      for (const m of closure([screen]))
        if (!groupOf.has(m)) drawnBy.set(m, [...(drawnBy.get(m) ?? []), screen]);
    for (const [m, by] of drawnBy)
      groupOf.set(
        m,
        firstPaint.has(m)
          ? 'forms'
          : by.length >= 2 || visitors.has(m)
            ? 'screens'
            : path.basename(by[0]!).replace(/\.tsx$/, ''),
      );
    return groupOf;
  };
  // One group per kind, the more shared first: a group takes what its modules import along with them.
  const group = (kind: (name: string) => boolean) => (id: string, ctx: Ctx) => {
    const name = plan(ctx).get(id);
    return name && kind(name) ? name : null;
  };
  const shared = ['member', 'forms', 'screens'];
  return {
    groups: [
      { name: 'pdf-lib', test: /node_modules[\\/](pdf-lib|@pdf-lib)[\\/]/, priority: 10 },
      { name: 'core', tags: ['$initial'], priority: 5 },
      { name: group((n) => n === 'member'), debugName: 'member', priority: 4 },
      { name: group((n) => n === 'forms'), debugName: 'forms', priority: 3 },
      { name: group((n) => n === 'screens'), debugName: 'screens', priority: 2 },
      { name: group((n) => !shared.includes(n)), debugName: 'screen', priority: 1 },
    ],
  };
}

/** The files of a chunk loaded on demand (a screen, a language's strings): it and what it imports. */
function chunkFiles(bundle: OutputBundle | undefined, source: string, skip: Set<string>): string[] {
  const byName = new Map(
    Object.values(bundle ?? {})
      .filter((c): c is OutputChunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const chunks = [...byName.values()];
  // A chunk of its own, or the one it was grouped into (chunkGroups).
  const root =
    chunks.find((c) => c.facadeModuleId?.endsWith(`/web/${source}`)) ??
    chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/web/${source}`)));
  if (!root) throw new Error(`no chunk for ${source}`);
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    const href = `/${chunk.fileName}`;
    if (files.has(href) || skip.has(href)) return;
    files.add(href);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(root);
  return [...files];
}

/**
 * The end of the page: a small script that keeps only the prerendered page the first script picked (none
 * for a member, or at another address), then starts the app's scripts. For a visitor's prerendered page, once
 * it is painted, so the HTML and the CSS have the connection to themselves until then (a phone on 3G paints
 * sooner; the code follows a frame later). For a member at once, with what their first screen needs beside the
 * app's own code — the shell's and the screen's code and every string of their language — and who they are
 * (/api/auth/user with the stored token while it has time left; lib/session/current-user.ts takes the
 * answer): all of it on its way together, rather than each after the code that asks for it. The app's script
 * tags move into it.
 */
function deferAppScripts(html: string, bundle: OutputBundle | undefined, apiUrl: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let out = html.replace(entry[0], '');
  for (const p of preloads) out = out.replace(p[0], '');
  const skip = new Set([entry[1]!, ...preloads.map((p) => p[1]!)]);
  const member = {
    shell: chunkFiles(bundle, 'src/app/shell/app-layout.tsx', skip),
    strings: Object.fromEntries(
      (['en', 'fr'] as const).map((l) => [
        l,
        [
          ...chunkFiles(bundle, `src/locales/shell-${l}.ts`, skip),
          ...chunkFiles(bundle, `src/locales/features-${l}.ts`, skip),
        ],
      ]),
    ),
    screens: MEMBER_SCREENS.map((screen) => ({
      path: screen.path,
      files: chunkFiles(bundle, screen.source, skip),
      reads: screen.reads ?? [],
      roles: screen.roles ?? null,
    })),
  };
  const loader = `<script>
      (function () {
        var shown = document.documentElement.getAttribute('data-prerender');
        document.querySelectorAll('[data-prerendered]').forEach(function (page) {
          if (page.getAttribute('data-prerendered') !== shown) page.remove();
        });
        function load(hrefs) {
          hrefs.forEach(function (href) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.appendChild(link);
          });
        }
        var started = false;
        function start() {
          if (started) return;
          started = true;
          load(${JSON.stringify([entry[1], ...preloads.map((p) => p[1])])});
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(entry[1])};
          document.head.appendChild(script);
        }
        if (shown) {
          requestAnimationFrame(function () { setTimeout(start); });
          setTimeout(start, 250); // a tab opened in the background draws no frame
          return;
        }
        var session = null;
        try {
          session = JSON.parse(localStorage.getItem('kasuwa-auth'));
        } catch (e) {}
        var signedIn = !!session && typeof session.access_token === 'string';
        var member = ${JSON.stringify(member)};
        var screen = null;
        member.screens.forEach(function (s) {
          if (new RegExp(s.path).test(location.pathname)) screen = s;
        });
        if (signedIn && session.expires_at * 1000 > Date.now() + 60000 && navigator.onLine) {
          var headers = { Authorization: 'Bearer ' + session.access_token };
          window.kasuwaUser = fetch(${JSON.stringify(`${apiUrl}/api/auth/user`)}, { headers: headers });
          window.kasuwaUser.catch(function () {});
          if (screen && screen.reads.length && !location.search) readFirst(screen, headers);
        }
        start();
        if (signedIn) {
          load(member.shell.concat(member.strings[document.documentElement.lang] || member.strings.en));
          if (screen) load(screen.files);
        }
        // Once the member is known, the screen's first reads for their organization (the one chosen on this
        // device, else their first), kept for the app to take (lib/api-client.ts).
        function readFirst(screen, headers) {
          window.kasuwaReads = {};
          // Settled once the reads are started (or none will be): the app waits for their answers too.
          window.kasuwaReadsStarted = window.kasuwaUser
            .then(function (res) {
              return res.ok ? res.clone().json() : null;
            })
            .then(function (user) {
              var orgs = (user && user.organizations) || [];
              var chosen = localStorage.getItem('kasuwa-org');
              var org = orgs.filter(function (o) { return o.id === chosen; })[0] || orgs[0];
              if (!org || (screen.roles && screen.roles.indexOf(org.role) < 0)) return;
              screen.reads.forEach(function (read) {
                var path = read.replace('{org}', org.id);
                if (path in window.kasuwaReads) return; // the app asked for it already
                var answer = fetch(${JSON.stringify(apiUrl)} + path, {
                  headers: { Authorization: headers.Authorization, 'x-org-id': org.id },
                });
                answer.catch(function () {});
                window.kasuwaReads[path] = { orgId: org.id, at: Date.now(), answer: answer };
              });
            })
            .catch(function () {});
        }
      })();
    </script>
  </body>`;
  return out.replace('</body>', loader);
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
