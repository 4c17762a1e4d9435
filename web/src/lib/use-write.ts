// A write for the current organization, through the outbox. It resolves with the server's answer, or with
// null when the change was kept on the device to be sent later; either way the lists it touched are read
// again once the server has it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganization } from './organization.tsx';
import { type Operation, SavedOffline, send } from './send.ts';

export function useWrite<TInput, TResult>(
  toOperation: (input: TInput) => Omit<Operation, 'orgId'>,
  refresh: readonly string[],
  /** What the server's answer tells the cache, once the lists are read again (a page it opens without a read). */
  answered?: (result: TResult, orgId: string) => void,
) {
  const orgId = useOrganization().id;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput): Promise<TResult | null> => {
      try {
        return await send<TResult>({ ...toOperation(input), orgId });
      } catch (e) {
        if (e instanceof SavedOffline) return null;
        throw e;
      }
    },
    // Kept on the device (null): nothing changed on the server yet; the outbox refreshes once it has.
    onSuccess: async (result) => {
      if (result === null) return;
      await Promise.all(
        [...refresh, '/api/reports/metrics', '/api/dashboard', '/api/reports', '/api/accounting/summary'].map(
          (key) => queryClient.invalidateQueries({ queryKey: [key, orgId] }),
        ),
      );
      // After the lists are marked stale, so what the answer says stays fresh.
      answered?.(result, orgId);
    },
  });
}
