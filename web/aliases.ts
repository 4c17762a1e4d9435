// Where the app's import aliases point, for Vite (build, dev server, prerender) and Vitest alike; the
// TypeScript side is the `paths` of web/tsconfig.json and ESLint's resolver in eslint.config.js.
import path from 'node:path';

const dir = import.meta.dirname;

export const sourceAliases = [
  // @/lib/money.ts is web/src/lib/money.ts: a file outside one's own folder named from the source root.
  { find: /^@\//, replacement: `${path.join(dir, 'src')}/` },
  // @shared/phone.ts is packages/shared/phone.ts: the code the web shares with the server.
  { find: /^@shared\//, replacement: `${path.join(dir, '../packages/shared')}/` },
];
