// How long each test file took, read from the runners' JSON reports: the ten slowest, and those over the
// per-file budget, printed at the end of `npm test` (docs/testing.md says why the budget is what it is).

export interface FileTime {
  /** The file, relative to the repository, with the runner it ran in ("vitest", "playwright"). */
  file: string;
  seconds: number;
}

/** A file's budget: past it a file is named in the summary, to be split or moved to a cheaper layer. */
export const FILE_BUDGET_SECONDS = 90;

interface VitestReport {
  testResults?: { name: string; startTime?: number; endTime?: number }[];
}

/** Vitest runs a file in one worker from start to end: its time is that span. */
export function vitestFileTimes(report: unknown, root: string, runner = 'vitest'): FileTime[] {
  return ((report as VitestReport | null)?.testResults ?? []).map((r) => ({
    file: `${runner} ${relative(r.name, root)}`,
    seconds: Math.max(0, ((r.endTime ?? 0) - (r.startTime ?? 0)) / 1000),
  }));
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * Playwright spreads a file's tests over its workers (and both projects): a file's time is the sum of its
 * tests' runs, what it costs the suite whichever worker ran them.
 */
export function playwrightFileTimes(report: unknown, runner = 'playwright'): FileTime[] {
  const byFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) byFile.set(here, (byFile.get(here) ?? 0) + r.duration / 1000);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of ((report as { suites?: PlaywrightSuite[] } | null)?.suites ?? []) as PlaywrightSuite[])
    walk(suite, suite.file ?? suite.title ?? '');
  return [...byFile].map(([file, seconds]) => ({ file: `${runner} e2e/${file}`, seconds }));
}

/** The `count` slowest files, slowest first. */
export const slowest = (times: FileTime[], count = 10) =>
  [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);

/** The files over the budget, slowest first. */
export const overBudget = (times: FileTime[], budget = FILE_BUDGET_SECONDS) =>
  slowest(times, times.length).filter((t) => t.seconds > budget);

export const describe = (t: FileTime) => `${t.file} (${Math.round(t.seconds)} s)`;

function relative(file: string, root: string) {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return file.startsWith(prefix) ? file.slice(prefix.length) : file;
}
