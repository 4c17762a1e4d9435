// A member's saved preferences in the current organization (Settings > Preferences and Notifications).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from './api-client.ts';
import { applyCompactView, setTheme, THEME_KEY } from './theme.ts';

export interface Preferences {
  theme: 'light' | 'dark' | 'system';
  darkMode: boolean;
  compactView: boolean;
  lowStockAlerts: boolean;
  paymentReminders: boolean;
  newLeadNotifications: boolean;
  teamActivity: boolean;
  marketingUpdates: boolean;
}

export const preferencesQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['/api/preferences', orgId],
    queryFn: () => apiFetch<Preferences>('/api/preferences', { orgId }),
  });

export const usePreferences = (orgId: string) => useQuery(preferencesQuery(orgId));

/** Saves a change at once; the switch shows it before the server answers and goes back if refused. */
export function useSavePreferences(orgId: string) {
  const queryClient = useQueryClient();
  const key = preferencesQuery(orgId).queryKey;
  return useMutation({
    mutationKey: key,
    mutationFn: (change: Partial<Preferences>) =>
      apiFetch<Preferences>('/api/preferences', { method: 'PUT', orgId, body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, ...change });
      return { before };
    },
    onError: (_e, _change, context) => queryClient.setQueryData(key, context?.before),
    // Two switches flipped quickly: the first answer does not undo the second flip on screen; the last save
    // to finish (its answer has every change) sets what is shown.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: key }) <= 1) queryClient.setQueryData(key, saved);
    },
  });
}

/** Applies the saved compact view and theme wherever the member is in the app. */
export function usePreferencesEffect(orgId: string) {
  const prefs = usePreferences(orgId).data;
  const compact = prefs?.compactView ?? false;
  const theme = prefs?.theme;
  useEffect(() => applyCompactView(compact), [compact]);
  // The theme saved on the profile follows the member to another phone or browser.
  useEffect(() => {
    if (theme && theme !== (localStorage.getItem(THEME_KEY) ?? 'system')) setTheme(theme);
  }, [theme]);
}
