// Runs inside Deno: the edge runtime of the local stack for one function, as Supabase's edge runtime runs
// each function in its own worker with its own deno.json: supabase/functions/<name>/index.ts, started with
// `--config supabase/functions/<name>/deno.json`. A request for /<name>/… goes to the handler the function
// passed to Deno.serve.
type Handler = (req: Request, info: unknown) => Response | Promise<Response>;

const name = Deno.env.get('FUNCTION_NAME')!;
const file = Deno.env.get('FUNCTION_ENTRYPOINT')!;
const realServe = Deno.serve.bind(Deno);

function handlerOf(args: unknown[]): Handler | undefined {
  for (const a of args) {
    if (typeof a === 'function') return a as Handler;
    if (a && typeof a === 'object' && typeof (a as { handler?: unknown }).handler === 'function') {
      return (a as { handler: Handler }).handler;
    }
  }
  return undefined;
}

/** Imports the function; Deno.serve is swapped while its module evaluates to capture the handler. */
async function load(): Promise<Handler> {
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
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Imported now, so the first request does not wait for npm downloads. A function that failed to start
// answers BOOT_ERROR, as on Supabase, and is imported again on the next request.
let loading = load();
await loading.catch((e) => console.error(e));

// On a port the system picks, which the stack reads from the line below.
realServe(
  {
    port: 0,
    hostname: '127.0.0.1',
    onListen: ({ port }) => console.log(`edge runtime ready on port ${port}`),
  },
  async (req, info) => {
    if (new URL(req.url).pathname.split('/')[1] !== name)
      return new Response('Function not found', { status: 404 });
    let handler: Handler;
    try {
      handler = await loading;
    } catch {
      loading = load();
      loading.catch((e) => console.error(e));
      return json(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
    }
    try {
      return await handler(req, info);
    } catch (e) {
      console.error(e);
      return json(500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
  },
);
