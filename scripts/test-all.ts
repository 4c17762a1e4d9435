// `npm test`: every suite — Vitest (unit, database, conformance of the local stack) and Playwright
// (the screens in Debian's Chromium) — each starting the local stack it needs on its own ports with a
// freshly reset database. Prints each runner's summary and one total line; exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/config.ts';

const out = path.join(ROOT, 'test-results');
mkdirSync(out, { recursive: true });

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const readJson = (file: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
};

const totals = { passed: 0, failed: 0 };
const lines: string[] = [];

const vitestJson = path.join(out, 'vitest.json');
const vitestCode = await run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
const vPassed = Number(vitest?.numPassedTests ?? 0);
const vFailed = Number(vitest?.numFailedTests ?? 0) + (vitestCode !== 0 && !vitest?.numFailedTests ? 1 : 0);
lines.push(`vitest: ${vPassed} passed, ${vFailed} failed`);
totals.passed += vPassed;
totals.failed += vFailed;

const pwJson = path.join(out, 'playwright.json');
const pwCode = await run(bin('playwright'), ['test'], {
  PW_REPORTER: 'list,json',
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
});
const stats = (readJson(pwJson)?.stats ?? {}) as Record<string, number>;
const pPassed = (stats.expected ?? 0) + (stats.flaky ?? 0);
const pFailed = (stats.unexpected ?? 0) + (pwCode !== 0 && !stats.unexpected ? 1 : 0);
lines.push(`playwright: ${pPassed} passed, ${pFailed} failed${stats.flaky ? ` (${stats.flaky} flaky)` : ''}`);
totals.passed += pPassed;
totals.failed += pFailed;

writeFileSync(path.join(out, 'summary.json'), JSON.stringify(totals));
console.log(`\n${lines.join('\n')}\n${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed > 0 ? 1 : 0;
