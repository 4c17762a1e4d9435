// The one Supabase client of the app. Same origin by default (the local stack, or a host that proxies
// /auth, /rest, /functions and /api to Supabase); VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY at build
// time point it at a hosted project. Without them, the key is the one the local stack serves the page with
// (it signs its own when started with JWT_SECRET, local/static.ts), else the public local one.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@shared/database.types.ts';

// The public anon key of every local Supabase stack (`supabase start` prints it); never valid on a hosted project.
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL ?? window.location.origin;
export const SUPABASE_ANON_KEY: string =
  import.meta.env.VITE_SUPABASE_ANON_KEY ??
  (typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]')?.content) ??
  LOCAL_ANON_KEY;

import { SESSION_STORAGE_KEY } from './session/stored-session.ts';

/**
 * What the page was opened with from an Auth mail's link (`type=recovery`, or `error_code=otp_expired`),
 * read before the client below takes the session from the address and clears it.
 */
export const OPENED_WITH: URLSearchParams = new URLSearchParams(
  typeof window === 'undefined' ? '' : window.location.hash.slice(1),
);

export const supabase = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: SESSION_STORAGE_KEY,
  },
});
