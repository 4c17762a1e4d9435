// `npm run deploy` as far as this machine can go: it has no way to a hosted project, so the run must do
// every step that needs no network (functions bundle, the app built for the project with its host
// configuration), then stop at the first call to the project, never printing the database password.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../local/config.ts';

const dist = `dist-deploy-test-${process.pid}`;
afterAll(() => rmSync(path.join(ROOT, 'web', dist), { recursive: true, force: true }));

const deploy = (env: Record<string, string>) => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SUPABASE_')));
  return spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/deploy.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...clean, ...env },
    timeout: 280_000,
  });
};

describe('npm run deploy', () => {
  it('says which settings it needs, and does nothing without them', () => {
    const run = deploy({ SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SUPABASE_ACCESS_TOKEN, SUPABASE_DB_PASSWORD, SUPABASE_ANON_KEY');
  });

  it('bundles the functions and builds the app for the project, then goes to the project for the migrations', () => {
    const run = deploy({
      SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
      SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}`,
      SUPABASE_DB_PASSWORD: 'db-password-never-printed',
      SUPABASE_ANON_KEY: 'anon-key-of-the-project',
      WEB_DIST: dist,
    });
    const out = run.stdout + run.stderr;
    expect(out).toContain('✓ function api bundles with its own deno.json');
    expect(out).toContain('▶ Build the app for the project');
    expect(out).toContain(
      '▶ Apply the migrations\n  supabase db push --remote=abcdefghijklmnopqrst --password *** --yes',
    );
    // No network here: the first call to the project fails, and nothing after it is tried.
    expect(out).toContain('✘ Apply the migrations failed');
    expect(out).not.toContain('Deploy the edge functions');
    expect(out).not.toContain('db-password-never-printed');
    expect(run.status).toBe(1);

    const built = (file: string) => readFileSync(path.join(ROOT, 'web', dist, file), 'utf8');
    expect(built('_redirects')).toContain(
      '/api/*  https://abcdefghijklmnopqrst.supabase.co/functions/v1/api/:splat  200',
    );
    expect(built('_headers')).toContain("connect-src 'self' https://abcdefghijklmnopqrst.supabase.co;");
    expect(JSON.parse(built('vercel.json')).rewrites[0].destination).toBe(
      'https://abcdefghijklmnopqrst.supabase.co/functions/v1/api/:path*',
    );
    // The app talks to the project: its URL and anon key are in the built code.
    const code = readdirSync(path.join(ROOT, 'web', dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => built(`assets/${f}`))
      .join('\n');
    expect(code).toContain('https://abcdefghijklmnopqrst.supabase.co');
    expect(code).toContain('anon-key-of-the-project');
  }, 300_000);
});
