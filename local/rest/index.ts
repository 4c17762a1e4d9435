// PostgREST subset (stub until implemented).
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { sendJson, type Handler } from '../http.ts';

export async function createRest(_opts: { pool: pg.Pool; config: StackConfig }): Promise<{
  handler: Handler;
  reloadSchema(): Promise<void>;
}> {
  return {
    handler: async (_req, res) => sendJson(res, 404, { message: 'not implemented' }),
    reloadSchema: async () => {},
  };
}
