// Recurring invoices: the organization's plans and its customers' subscriptions, one
// subscription with its billed periods, and the writes (each through the outbox with its own id, applied
// once by the server). Billing itself happens on the server, period by period.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription, SubscriptionPlan, SubscriptionWithCycles } from '@shared/api/subscriptions.ts';
import type {
  SubscribeInput,
  SubscriptionPlanInput,
  SubscriptionUpdate,
} from '@shared/schemas/subscriptions.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useOrganization } from '@/lib/organization.tsx';
import { useWrite } from '@/lib/use-write.ts';
import { uuidv7 } from '@/lib/uuid.ts';

export const subscriptionKeys = {
  plans: (orgId: string) => ['/api/subscription-plans', orgId],
  list: (orgId: string) => ['/api/subscriptions', orgId],
  one: (orgId: string, id: string) => ['/api/subscriptions', orgId, 'one', id],
};

export const plansQuery = (orgId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.plans(orgId),
    queryFn: () => apiFetch<SubscriptionPlan[]>('/api/subscription-plans', { orgId }),
  });

// Subscriptions change on the server by themselves (a period billed by the scheduler, its invoice paid from
// the invoice's page): they are read again each time a screen shows them online, not only once a minute old.
export const subscriptionsQuery = (orgId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.list(orgId),
    queryFn: () => apiFetch<Subscription[]>('/api/subscriptions', { orgId }),
    staleTime: 0,
  });

export const usePlans = () => useQuery(plansQuery(useOrganization().id));
export const useSubscriptions = () => useQuery(subscriptionsQuery(useOrganization().id));

export function useSubscription(id: string) {
  const orgId = useOrganization().id;
  return useQuery({
    queryKey: subscriptionKeys.one(orgId, id),
    queryFn: () => apiFetch<SubscriptionWithCycles>(`/api/subscriptions/${id}`, { orgId }),
    staleTime: 0,
  });
}

/** Creates a plan, or changes one (any of its fields; { isActive: false } deactivates it). */
export const useSavePlan = () =>
  useWrite<{ id?: string; input: Partial<SubscriptionPlanInput> & { name?: string } }, SubscriptionPlan>(
    ({ id, input }) =>
      id
        ? { method: 'PUT', path: `/api/subscription-plans/${id}`, body: input, label: input.name }
        : {
            method: 'POST',
            path: '/api/subscription-plans',
            body: { ...input, id: input.id ?? uuidv7() },
            label: input.name,
          },
    ['/api/subscription-plans', '/api/subscriptions'],
  );

/** Subscribes a customer to a plan: the periods already started are billed by the server at once. */
export const useSubscribe = () =>
  useWrite<SubscribeInput & { customerName?: string; replaces?: string }, Subscription>(
    ({ customerName, replaces, ...input }) => ({
      method: 'POST',
      path: '/api/subscriptions',
      body: { ...input, id: input.id ?? uuidv7() },
      label: customerName,
      replaces,
    }),
    ['/api/subscriptions', '/api/subscription-plans', '/api/invoices'],
  );

export type SubscriptionChange =
  | { id: string; action: 'pause' | 'resume' }
  | { id: string; action: 'cancel'; atPeriodEnd: boolean }
  | { id: string; action: 'edit'; input: SubscriptionUpdate };

/** Pauses, resumes, cancels (now or at the end of the period) or edits a subscription. */
export const useChangeSubscription = () =>
  useWrite<SubscriptionChange & { label?: string }, Subscription>(
    (c) =>
      c.action === 'edit'
        ? { method: 'PUT', path: `/api/subscriptions/${c.id}`, body: c.input, label: c.label }
        : {
            method: 'POST',
            path: `/api/subscriptions/${c.id}/${c.action}`,
            body: c.action === 'cancel' ? { atPeriodEnd: c.atPeriodEnd } : {},
            label: c.label,
          },
    ['/api/subscriptions', '/api/invoices'],
  );
