// The bell's data: the member's latest notifications in the current organization and how many are unread,
// read from the Data API (public.notifications; row-level security shows a member only their own), and
// marking them read. Kept with the rest of the query cache, so offline the bell shows what it last read.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { whenIdle } from '@/lib/idle.ts';
import { queryClient } from '@/lib/query-client.ts';

export type NotificationKind =
  'low_stock' | 'payment_received' | 'invoice_overdue' | 'lead_assigned' | 'member_joined';

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  subjectId: string | null;
  data: Record<string, unknown>;
  createdAt: string;
  readAt: string | null;
}

export interface Notifications {
  rows: AppNotification[];
  unread: number;
}

/** How many the list shows: the latest ones; older ones are what they were. */
export const SHOWN = 30;

/** Path first (what a write refreshes), then the organization, as the app's other keys. */
export const notificationsKey = (orgId: string) => ['/rest/notifications', orgId] as const;

let supabaseLoaded = false;

// The Supabase client loads once the first screen is idle (lib/session/stored-session.ts): the bell, in every
// screen's header, is not the reason to fetch it first.
async function client() {
  if (!supabaseLoaded) await whenIdle();
  const { supabase } = await import('@/lib/supabase.ts');
  supabaseLoaded = true;
  return supabase;
}

export const notificationsQuery = (orgId: string) =>
  queryOptions({
    queryKey: notificationsKey(orgId),
    queryFn: async (): Promise<Notifications> => {
      const supabase = await client();
      const [list, unread] = await Promise.all([
        supabase
          .from('notifications')
          .select('id, kind, subject_id, data, created_at, read_at')
          .eq('org_id', orgId)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(SHOWN),
        supabase
          .from('notifications')
          .select('id', { count: 'exact', head: true })
          .eq('org_id', orgId)
          .is('read_at', null),
      ]);
      if (list.error) throw list.error;
      if (unread.error) throw unread.error;
      return {
        rows: list.data.map((r) => ({
          id: r.id,
          kind: r.kind as NotificationKind,
          subjectId: r.subject_id,
          data: (r.data ?? {}) as Record<string, unknown>,
          createdAt: r.created_at,
          readAt: r.read_at,
        })),
        unread: unread.count ?? 0,
      };
    },
    // Something may have happened since: read again whenever the bell shows (the app opens or comes back to
    // the front) and every minute while it is on show (never in a hidden tab). Two small reads from an index.
    staleTime: 0,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });

export const useNotifications = (orgId: string) => useQuery(notificationsQuery(orgId));

/** Shows `ids` (all, when null) as read at once; the server's answer then settles it. */
function markLocally(orgId: string, ids: string[] | null) {
  queryClient.setQueryData<Notifications>(notificationsKey(orgId), (old) => {
    if (!old) return old;
    const now = new Date().toISOString();
    let changed = 0;
    const rows = old.rows.map((n) => {
      if (n.readAt || (ids && !ids.includes(n.id))) return n;
      changed += 1;
      return { ...n, readAt: now };
    });
    return { rows, unread: ids ? Math.max(0, old.unread - changed) : 0 };
  });
}

/**
 * Marks one notification read, or all of the member's unread ones in the organization. Not a business
 * record: it does not wait in the outbox; offline, it shows as read here and is read again from the server
 * later (still unread there until a marking reaches it).
 */
export function useMarkRead(orgId: string) {
  return useMutation({
    mutationFn: async (ids: string[] | null) => {
      markLocally(orgId, ids);
      const supabase = await client();
      // The server sets the time itself (it keeps the first marking); this value only says "read".
      let request = supabase
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('org_id', orgId)
        .is('read_at', null);
      if (ids) request = request.in('id', ids);
      const { error } = await request;
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(orgId) }),
  });
}
