// Each edge function bundles as `supabase functions deploy --use-api` uploads it: the CLI follows the
// imports of supabase/functions/<name>/index.ts with the function's own deno.json, also into files outside
// supabase/ (packages/shared). This check copies the function, supabase/functions/_shared and
// packages/shared into an empty folder with the same layout — no package.json, no node_modules, no other
// deno.json to lean on — and type-checks the function there with its deno.json, then lists its module
// graph and fails on any local file the function reaches that is not under what was copied.
// Usage: npx tsx scripts/check-functions.ts (also part of `npm run typecheck`).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../local/config.ts';
import { denoBinary, functionNames } from '../local/functions.ts';

const FUNCTIONS = path.join(ROOT, 'supabase', 'functions');
/** What a function may import besides its own folder, relative to the repository. */
const SHARED = ['supabase/functions/_shared', 'packages/shared'];

interface ModuleGraph {
  modules: { specifier: string; error?: string }[];
}

function deno(args: string[], cwd: string) {
  // The cache of npm packages is shared with the local stack, so the check does not download them again.
  return spawnSync(denoBinary(), args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

let failures = 0;
for (const name of functionNames(FUNCTIONS)) {
  const own = path.join(FUNCTIONS, name);
  const problems: string[] = [];
  if (!existsSync(path.join(own, 'deno.json'))) problems.push(`no supabase/functions/${name}/deno.json`);
  const root = mkdtempSync(path.join(tmpdir(), `kasuwa-fn-${name}-`));
  try {
    const copied = [`supabase/functions/${name}`, ...SHARED];
    for (const dir of copied)
      cpSync(path.join(ROOT, dir), path.join(root, dir), {
        recursive: true,
        filter: (src) => !/\.test\.ts$/.test(src),
      });
    const dir = path.join(root, 'supabase', 'functions', name);
    if (problems.length === 0) {
      const check = deno(['check', '--quiet', '--config', 'deno.json', 'index.ts'], dir);
      if (check.status !== 0) problems.push(`deno check failed:\n${check.stdout}${check.stderr}`);
      const info = deno(['info', '--json', '--config', 'deno.json', 'index.ts'], dir);
      if (info.status !== 0) problems.push(`deno info failed:\n${info.stderr}`);
      else {
        const graph = JSON.parse(info.stdout) as ModuleGraph;
        for (const m of graph.modules) {
          if (m.error) problems.push(`${m.specifier}: ${m.error}`);
          if (!m.specifier.startsWith('file://')) continue;
          const file = path.relative(root, fileURLToPath(m.specifier));
          if (!copied.some((c) => file.startsWith(`${c}/`)))
            problems.push(`imports ${file}, outside what is deployed with it`);
        }
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  if (problems.length) {
    failures++;
    console.error(`✘ function ${name}:\n  ${problems.join('\n  ')}`);
  } else console.log(`✓ function ${name} bundles with its own deno.json`);
}
process.exit(failures ? 1 : 0);
