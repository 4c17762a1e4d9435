// The target the suites talk to, provided by tests/global-setup.ts.
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    SUPABASE_URL: string;
    SUPABASE_ANON_KEY: string;
    SUPABASE_SERVICE_ROLE_KEY: string;
    DATABASE_URL: string;
    DATABASE_ADMIN_URL: string;
    MAIL_URL: string;
  }
}

export const SUPABASE_URL = inject('SUPABASE_URL');
export const ANON_KEY = inject('SUPABASE_ANON_KEY');
export const SERVICE_ROLE_KEY = inject('SUPABASE_SERVICE_ROLE_KEY');
export const DATABASE_URL = inject('DATABASE_URL');
export const DATABASE_ADMIN_URL = inject('DATABASE_ADMIN_URL');
/** Where the target's caught mail is read (the local catcher, or a CLI stack's Mailpit); '' when none. */
export const MAIL_URL = inject('MAIL_URL');
