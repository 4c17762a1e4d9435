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

  // A dedicated connection, outside the pool, so listening never takes a slot from requests. When the
  // server goes away (a restart) it connects again and reloads the cache, as PostgREST does.
  let stopping = false;
  let listener: pg.Client | undefined;
  const listen = async (first = false): Promise<void> => {
    const client = new pg.Client(pool.options);
    let retried = false;
    const again = () => {
      if (stopping || retried) return;
      retried = true;
      setTimeout(() => {
        if (!stopping)
          void listen()
            .then(reloadSchema)
            .catch(() => {});
      }, 1000).unref();
    };
    client.on('error', again); // requests report their own errors
    client.on('end', again);
    client.on('notification', (msg) => {
      // Role settings (statement_timeout …) are part of the cache here; PostgREST reloads them with its
      // configuration, so `reload config` reloads the cache too.
      if (['', 'reload schema', 'reload config'].includes(msg.payload ?? ''))
        void reloadSchema().catch(() => {});
    });
    listener = client;
    try {
      await client.connect();
      await client.query('listen pgrst');
    } catch (e) {
      if (first) throw e; // the stack does not start
      again();
    }
  };
  await listen(true);

  return {
    handler: createRestHandler({ pool, config, cache: () => cache }),
    reloadSchema,
    async stop() {
      stopping = true;
      await listener?.end().catch(() => {});
    },
  };
}
