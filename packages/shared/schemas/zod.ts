// zod as every schema of the app uses it: jitless, so it never compiles validators with `new Function`, nor
// probes whether it may. The web app's Content-Security-Policy allows no eval; the browser reports the probe
// as a violation even though zod catches the refusal (Lighthouse counts it against best practices), and
// the few microseconds the compiled path saves are not worth a weaker policy.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
