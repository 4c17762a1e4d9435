import { describe as group, expect, it } from 'vitest';
import { describe, overBudget, playwrightFileTimes, slowest, vitestFileTimes } from './test-timings.ts';

group('test file timings', () => {
  it('takes a Vitest file’s time as its span, relative to the repository', () => {
    const times = vitestFileTimes(
      { testResults: [{ name: '/repo/supabase/tests/sales.test.ts', startTime: 1_000, endTime: 95_500 }] },
      '/repo',
    );
    expect(times).toEqual([{ file: 'vitest supabase/tests/sales.test.ts', seconds: 94.5 }]);
  });

  it('adds up a Playwright file’s tests over its describes and both projects', () => {
    const report = {
      suites: [
        {
          title: 'team.spec.ts',
          file: 'team.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 30_000 }] }, { results: [{ duration: 20_000 }] }] }],
          suites: [{ title: 'team', specs: [{ tests: [{ results: [{ duration: 45_000 }] }] }] }],
        },
        {
          title: 'crm.spec.ts',
          file: 'crm.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 5_000 }] }] }],
        },
      ],
    };
    expect(playwrightFileTimes(report)).toEqual([
      { file: 'playwright e2e/team.spec.ts', seconds: 95 },
      { file: 'playwright e2e/crm.spec.ts', seconds: 5 },
    ]);
  });

  it('names the slowest first, and only the files over the budget', () => {
    const times = [
      { file: 'a', seconds: 10 },
      { file: 'b', seconds: 120 },
      { file: 'c', seconds: 91 },
    ];
    expect(slowest(times, 2).map((t) => t.file)).toEqual(['b', 'c']);
    expect(overBudget(times).map(describe)).toEqual(['b (120 s)', 'c (91 s)']);
    expect(overBudget([], 90)).toEqual([]);
  });

  it('reads a missing report as no files', () => {
    expect(vitestFileTimes(null, '/repo')).toEqual([]);
    expect(playwrightFileTimes(null)).toEqual([]);
  });
});
