// The PostgREST subset of the local stack (`/rest/v1`): the schema cache, reloaded on
// `NOTIFY pgrst, 'reload schema'` as PostgREST does, and the request handler.
import pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { Handler } from '../http.ts';
import { createRestHandler } from './handler.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

export async function createRest({ pool, config }: { pool: pg.Pool; config: StackConfig }): Promise<{
  handler: Handler;
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}> {
  let cache: SchemaCache = await loadSchemaCache(pool, config.api.schemas);
  const reloadSchema = async () => {
    cache = await loadSchemaCache(pool, config.api.schemas);
  };

  // A dedicated connection, outside the pool, so listening never takes a slot from requests.
  const listener = new pg.Client(pool.options);
  listener.on('error', () => {}); // the stack is stopping or the server went away; requests report their own errors
  listener.on('notification', (msg) => {
    if (msg.payload === '' || msg.payload === 'reload schema') void reloadSchema().catch(() => {});
  });
  await listener.connect();
  await listener.query('listen pgrst');

  return {
    handler: createRestHandler({ pool, config, cache: () => cache }),
    reloadSchema,
    async stop() {
      await listener.end().catch(() => {});
    },
  };
}
