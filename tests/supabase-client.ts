// supabase-js clients for the suites. Node 20 has no global WebSocket, which supabase-js's realtime client
// requires at construction; `ws` stands in (the suites never open a realtime channel).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../packages/shared/database.types.ts';
import { ANON_KEY, SUPABASE_URL } from './env.ts';

export function supabaseClient(key = ANON_KEY, accessToken?: string): SupabaseClient<Database> {
  return createClient<Database>(SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  });
}
