import { startStack } from '../local/server.ts';
const t = Date.now();
const s = await startStack({ reset: true, log: (l) => console.log(l) });
console.log('up in', Date.now() - t, s.url);
