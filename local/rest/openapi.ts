// GET `/`: PostgREST answers with an OpenAPI description of the schema. The local stack gives a
// minimal one listing the exposed tables and functions; nothing in the app reads it.
import type { Reply } from './operation.ts';
import type { SchemaCache } from './schema-cache.ts';

export function openApiReply(cache: SchemaCache, schema: string): Reply {
  const paths: Record<string, object> = {};
  for (const t of cache.tables.values()) if (t.schema === schema) paths[`/${t.name}`] = {};
  for (const overloads of cache.routines.values()) {
    const routine = overloads[0]!;
    if (routine.schema === schema) paths[`/rpc/${routine.name}`] = {};
  }
  const doc = { swagger: '2.0', info: { title: 'Local Data API', version: '12' }, basePath: '/', paths };
  return {
    status: 200,
    headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
    body: JSON.stringify(doc),
  };
}
