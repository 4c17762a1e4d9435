// Runs inside Deno: the edge runtime of the local stack. Serves every function under
// supabase/functions/<name>/index.ts on one port, as Supabase's edge runtime does: a request for
// /<name>/… goes to the handler that function passed to Deno.serve.
type Handler = (req: Request, info: unknown) => Response | Promise<Response>;

const functionsDir = Deno.env.get('FUNCTIONS_DIR')!;
const port = Number(Deno.env.get('FUNCTIONS_PORT'));
const realServe = Deno.serve.bind(Deno);
const loaded = new Map<string, Promise<Handler | null>>();
let loading: Promise<unknown> = Promise.resolve();

function handlerOf(args: unknown[]): Handler | undefined {
  for (const a of args) {
    if (typeof a === 'function') return a as Handler;
    if (a && typeof a === 'object' && typeof (a as { handler?: unknown }).handler === 'function') {
      return (a as { handler: Handler }).handler;
    }
  }
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** Imports a function once; Deno.serve is swapped while its module evaluates to capture the handler. */
function load(name: string): Promise<Handler | null> {
  let p = loaded.get(name);
  if (!p) {
    p = (loading = loading.then(async () => {
      const file = `${functionsDir}/${name}/index.ts`;
      if (!/^[A-Za-z0-9_-]+$/.test(name) || name.startsWith('_') || !(await exists(file))) return null;
      let captured: Handler | undefined;
      (Deno as unknown as { serve: unknown }).serve = (...args: unknown[]) => {
        captured = handlerOf(args);
        return { finished: Promise.resolve(), shutdown: async () => {}, ref() {}, unref() {}, addr: {} };
      };
      try {
        await import(new URL(`file://${file}`).href);
      } finally {
        (Deno as unknown as { serve: unknown }).serve = realServe;
      }
      if (!captured) throw new Error(`Function ${name} did not call Deno.serve`);
      return captured;
    })) as Promise<Handler | null>;
    loaded.set(name, p);
  }
  return p;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

realServe({ port, hostname: '127.0.0.1', onListen: () => {} }, async (req, info) => {
  const name = new URL(req.url).pathname.split('/')[1] ?? '';
  let handler: Handler | null;
  try {
    handler = await load(name);
  } catch (e) {
    console.error(e);
    loaded.delete(name);
    return json(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
  }
  if (!handler) return new Response('Function not found', { status: 404 });
  try {
    return await handler(req, info);
  } catch (e) {
    console.error(e);
    return json(500, {
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
  }
});

// Warm up: import every function now, so the first request does not wait for npm downloads.
const warming: Promise<unknown>[] = [];
for await (const entry of Deno.readDir(functionsDir)) {
  if (entry.isDirectory && !entry.name.startsWith('_'))
    warming.push(load(entry.name).catch((e) => console.error(e)));
}
await Promise.all(warming);
console.log('edge runtime ready');
