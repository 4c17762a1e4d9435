import { defineConfig } from 'vitest/config';
import { sourceAliases } from './web/aliases.ts';

export default defineConfig({
  test: {
    // Three files at a time even on 2 cores (Vitest's default there is one): the database and API tests
    // mostly wait on the stack, so one worker left the cores half idle (6.5 → 4 min). Files share one stack
    // and make their own organizations; the conformance files' throwaway tables are named cf_…, and the
    // catalogue checks that read every public table leave those out.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'conformance',
          include: ['tests/conformance/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['supabase/tests/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: sourceAliases },
        test: {
          // Pure code in Node; a component test (*.test.tsx) asks for a page on its first line with
          // `// @vitest-environment happy-dom` and draws through web/src/test/render-in.tsx.
          name: 'unit',
          include: [
            'web/src/**/*.test.{ts,tsx}',
            'packages/**/*.test.ts',
            'supabase/functions/**/*.test.ts',
            'local/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
    ],
  },
});
