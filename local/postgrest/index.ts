// The PostgREST subset of the local stack: schema cache (reloaded on NOTIFY pgrst), request handler.
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { Handler } from '../http.ts';
import { createRestHandler } from './handler.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

export async function createRest(opts: { pool: pg.Pool; config: StackConfig }): Promise<{
  handler: Handler;
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}> {
  let cache: SchemaCache = await loadSchemaCache(opts.pool, opts.config.api.schemas);
  const reloadSchema = async () => {
    cache = await loadSchemaCache(opts.pool, opts.config.api.schemas);
  };
  // `NOTIFY pgrst, 'reload schema'` after a migration, as with PostgREST.
  const listener = await opts.pool.connect();
  await listener.query('listen pgrst');
  listener.on('notification', () => void reloadSchema());
  // The server going away (shutdown) ends this connection; that is not a crash.
  listener.on('error', () => {});
  const handler = createRestHandler({ pool: opts.pool, config: opts.config, cache: () => cache });
  return {
    handler,
    reloadSchema,
    async stop() {
      listener.release();
    },
  };
}
