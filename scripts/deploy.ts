// `npm run deploy`: Kasuwa onto a hosted Supabase project, and the app built for it, ready for a static
// host. The steps that need no network come first (every function bundles as deployed, the app builds with
// the project's URL and its host configuration), then the Supabase CLI talks to the project: migrations,
// functions (with --use-api: they import packages/shared, outside supabase/), and the functions' secrets.
//
//   SUPABASE_PROJECT_REF   the project (<ref> in https://<ref>.supabase.co)
//   SUPABASE_ACCESS_TOKEN  a personal access token, for the CLI (supabase.com/dashboard/account/tokens)
//   SUPABASE_DB_PASSWORD   the project's database password, for the migrations
//   SUPABASE_ANON_KEY      the project's anon (publishable) key, built into the app
//   API_ON_PROJECT=1       the app calls /api/* at the project (VITE_API_URL) rather than through the host
//   ALLOWED_ORIGINS        optional: the app's origins, the only ones the functions answer (CORS)
//   WEB_DIST               optional: where the app is built (default web/dist)
//
// Then publish the built folder on the static host (its _headers, _redirects and vercel.json included).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/config.ts';

const env = process.env;
const required = [
  'SUPABASE_PROJECT_REF',
  'SUPABASE_ACCESS_TOKEN',
  'SUPABASE_DB_PASSWORD',
  'SUPABASE_ANON_KEY',
] as const;
const missing = required.filter((name) => !env[name]);
if (missing.length) {
  console.error(`npm run deploy needs ${missing.join(', ')} (see the top of scripts/deploy.ts).`);
  process.exit(2);
}
const ref = env.SUPABASE_PROJECT_REF!;
if (!/^[a-z0-9]{20}$/.test(ref)) {
  console.error(`SUPABASE_PROJECT_REF is a project's 20-letter reference, not "${ref}".`);
  process.exit(2);
}
const projectUrl = `https://${ref}.supabase.co`;
const dist = env.WEB_DIST ?? 'dist';
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

function step(title: string, cmd: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const shown = args.map((a) => (a === env.SUPABASE_DB_PASSWORD ? '***' : a));
  console.log(`\n▶ ${title}\n  ${[path.basename(cmd), ...shown].join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✘ ${title} failed: nothing after it was done.`);
    process.exit(1);
  }
}

step('Every edge function bundles with its own deno.json', bin('tsx'), ['scripts/check-functions.ts']);
step('Build the app for the project', 'npm', ['run', 'build', '--silent'], {
  VITE_SUPABASE_URL: projectUrl,
  VITE_SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY!,
  VITE_API_URL: env.API_ON_PROJECT === '1' ? `${projectUrl}/functions/v1` : '',
  WEB_DIST: dist,
});
const built = path.join(ROOT, 'web', dist);
for (const file of ['index.html', '_headers', '_redirects', 'vercel.json'])
  if (!existsSync(path.join(built, file))) {
    console.error(`✘ The build has no ${file}.`);
    process.exit(1);
  }

const cli = bin('supabase');
const remote = `--remote=${ref}`;
step('Apply the migrations', cli, ['db', 'push', remote, '--password', env.SUPABASE_DB_PASSWORD!, '--yes']);
step('Deploy the edge functions', cli, ['functions', 'deploy', remote, '--use-api']);
if (env.ALLOWED_ORIGINS)
  step('Set the functions’ secrets', cli, [
    'secrets',
    'set',
    remote,
    `ALLOWED_ORIGINS=${env.ALLOWED_ORIGINS}`,
  ]);

console.log(`
✓ ${projectUrl} is up to date, and the app built for it is in web/${dist}.
  Publish that folder on the static host: Netlify or Vercel as it is; Cloudflare Pages with API_ON_PROJECT=1.
`);
