// `npm test`: every suite — Vitest (unit, database, conformance of the local stack) and Playwright
// (the screens in Debian's Chromium) — each starting the local stack it needs on its own ports with a
// freshly reset database. Prints each runner's summary and one total line; exits non-zero on any failure.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from '../local/config.ts';
import {
  describe,
  FILE_BUDGET_SECONDS,
  type FileTime,
  overBudget,
  playwrightFileTimes,
  slowest,
  vitestFileTimes,
} from './test-timings.ts';

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
const fileTimes: FileTime[] = [];
const lines: string[] = [];
// Each failed test's name and the first line of its error, printed again at the very end: a long run's log
// is often read from its tail only, where the runners' own failure reports are long gone.
const failures: string[] = [];
const firstLine = (message: unknown) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 200) ?? '';
const minutes = (since: number) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

/**
 * Vitest's suites on `node` (default: the Node running this), added to the totals under `label`; only
 * `projects` when given.
 */
async function vitestOn(label: string, node?: string, projects: string[] = []): Promise<void> {
  const json = path.join(out, node ? `${label.replace(/\W+/g, '-')}.json` : 'vitest.json');
  const start = Date.now();
  const args = [
    'run',
    ...projects.flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ];
  const code = node
    ? await run(node, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), ...args])
    : await run(bin('vitest'), args);
  const report = readJson(json);
  fileTimes.push(
    ...vitestFileTimes(report, ROOT, node ? `vitest (Node ${label.split(' ').at(-2)})` : 'vitest'),
  );
  for (const file of (report?.testResults ?? []) as {
    name: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed')
        failures.push(
          `  ${label.split(' (')[0]} ${path.relative(ROOT, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`,
        );
  const passed = Number(report?.numPassedTests ?? 0);
  const failed = Number(report?.numFailedTests ?? 0) + (code !== 0 && !report?.numFailedTests ? 1 : 0);
  lines.push(`${label}: ${passed} passed, ${failed} failed in ${minutes(start)}`);
  totals.passed += passed;
  totals.failed += failed;
}

await vitestOn(`vitest on Node ${process.version}`);
// CI runs the local stack's own conformance suite on a second Node too (the machine's own, when .ci/run runs
// all on Node 24): Auth, the Data API and the functions runtime are what a newcomer's `npm start` runs on
// that Node. The app's /api answers, the database's SQL tests, the web app's and the shared packages' unit
// tests come out the same on any Node: once is enough for those (and keeps CI well inside its 30 minutes).
const otherNode = process.env.TEST_ALSO_ON_NODE;
if (otherNode) {
  let version = 'missing';
  try {
    version = execFileSync(otherNode, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    // Reported as "Node missing"; its run below then fails and counts as a failure.
  }
  await vitestOn(`vitest on Node ${version} (conformance)`, otherNode, ['conformance']);
}

const pwJson = path.join(out, 'playwright.json');
const pwStart = Date.now();
const pwCode = await run(bin('playwright'), ['test'], {
  PW_REPORTER: 'list,json',
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
});
const pwReport = readJson(pwJson);
fileTimes.push(...playwrightFileTimes(pwReport));
const stats = (pwReport?.stats ?? {}) as Record<string, number>;
const pPassed = (stats.expected ?? 0) + (stats.flaky ?? 0);
const pFailed = (stats.unexpected ?? 0) + (pwCode !== 0 && !stats.unexpected ? 1 : 0);
lines.push(
  `playwright on Node ${process.version}: ${pPassed} passed, ${pFailed} failed${stats.flaky ? ` (${stats.flaky} flaky)` : ''} in ${minutes(pwStart)}`,
);
const pwResults = playwrightResults(pwReport);
const near = pwResults.filter((r) => r.budget > 0 && r.duration > r.budget / 2);
if (near.length)
  console.log(
    `\nBrowser tests that used more than half of their time budget (give them more, or make them faster):\n${near
      .map(
        (r) =>
          `  ${(r.duration / 1000).toFixed(1)} s of ${r.budget / 1000} s  [${r.project}] ${r.file} › ${r.title}`,
      )
      .join('\n')}`,
  );
for (const r of pwResults)
  if (r.status !== 'passed' && r.status !== 'skipped')
    failures.push(`  playwright [${r.project}] ${r.file} › ${r.title}: ${r.status}, ${firstLine(r.error)}`);
totals.passed += pPassed;
totals.failed += pFailed;
// The run itself records no traces (a third of its time went to recording them): what failed runs once
// more, recording one, for whoever reads why. The first run's result is the one counted.
if (pFailed > 0) {
  console.log('\nThe failed browser tests once more, with a trace of each failure:');
  // Into a folder of its own: the first run's error contexts in test-results/ stay to be read.
  const again = path.join(out, 'failed-again');
  await run(bin('playwright'), [
    'test',
    '--last-failed',
    '--last-failed-file',
    path.join(out, '.last-run.json'),
    '--output',
    again,
    '--trace',
    'retain-on-failure',
  ]);
  console.log(`Their traces, if they failed again: ${again}/*/trace.zip (npx playwright show-trace <file>)`);
}

/**
 * Every browser test's run, with its budget (the timeout e2e/fixtures.ts records with each result): those
 * that took more than half of it are the next to time out on a busier machine.
 */
function playwrightResults(report: Record<string, unknown> | null) {
  interface Suite {
    title: string;
    file?: string;
    specs?: {
      title: string;
      tests: { projectName: string; annotations?: Annotation[]; results: Result[] }[];
    }[];
    suites?: Suite[];
  }
  interface Annotation {
    type: string;
    description?: string;
  }
  interface Result {
    duration: number;
    status?: string;
    error?: { message?: string };
    annotations?: Annotation[];
  }
  const found: {
    project: string;
    file: string;
    title: string;
    duration: number;
    budget: number;
    status: string;
    error?: string;
  }[] = [];
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results)
          found.push({
            project: t.projectName,
            file: suite.file ?? suite.title,
            title: spec.title,
            duration: r.duration,
            budget: Number(
              [...(r.annotations ?? []), ...(t.annotations ?? [])].find((a) => a.type === 'budget')
                ?.description ?? 0,
            ),
            status: r.status ?? 'passed',
            error: r.error?.message,
          });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (report?.suites ?? []) as Suite[]) walk(suite);
  return found;
}

console.log(
  `\nThe ten slowest test files:\n${slowest(fileTimes)
    .map((t) => `  ${describe(t)}`)
    .join('\n')}`,
);
const over = overBudget(fileTimes);
lines.push(
  over.length
    ? `test files over ${FILE_BUDGET_SECONDS} s: ${over.map(describe).join(', ')}`
    : `no test file over ${FILE_BUDGET_SECONDS} s`,
);

if (failures.length)
  console.log(`\nWhat failed (a retried test that then passed is listed too):\n${failures.join('\n')}`);
writeFileSync(path.join(out, 'summary.json'), JSON.stringify(totals));
console.log(`\n${lines.join('\n')}\n${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = totals.failed > 0 ? 1 : 0;
