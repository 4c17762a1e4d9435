// How a member's first screen loads fast: which screens a first visit lands on and what each reads first,
// the chunks the build groups the app into, and the script index.html runs to start those downloads and
// reads at once (vite.config.ts uses chunkGroups and deferAppScripts).
import path from 'node:path';
import type { Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
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
export function chunkGroups(): NonNullable<Rollup.OutputOptions['codeSplitting']> {
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
export function deferAppScripts(html: string, bundle: OutputBundle | undefined, apiUrl: string): string {
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
