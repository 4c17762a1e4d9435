// Supabase Auth (GoTrue) subset (stub until implemented).
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { sendJson, type Handler } from '../http.ts';

export function createAuth(_opts: { pool: pg.Pool; config: StackConfig; issuer: string }): {
  handler: Handler;
} {
  return { handler: async (_req, res) => sendJson(res, 404, { message: 'not implemented' }) };
}
