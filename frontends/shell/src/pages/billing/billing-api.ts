import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanRequest } from '@app/proto';
import { api } from '../../app/api';
import { settingsKey } from '../admin/admin-data';

// The billing screens' calls (spec §7): payment configuration, plan prices, the free/cancel switches and checkout.

export const billingConfigQuery = {
  queryKey: ['billing-config'] as const,
  queryFn: () => api.call('GET /billing/config'),
  staleTime: 5 * 60_000,
};

export function useBillingConfig() {
  return useQuery(billingConfigQuery);
}

/** POST /prices/_find: the active prices of the configured mode (free is synthesised at 0 for both modes). */
export function usePrices(livemode: boolean | undefined, selector: Record<string, unknown> = {}) {
  return useQuery({
    queryKey: ['prices', livemode, selector],
    enabled: livemode !== undefined,
    queryFn: async () => (await api.call('POST /prices/_find', { body: { selector: { ...selector, livemode }, sort: [{ unit_amount: 'asc' }] } })).docs,
  });
}

/** PUT /{account_id}/_design/subscription/_update/{free|cancel}/{account_id}. */
export function useSwitchPlan(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: PlanRequest) => api.update(accountId, 'subscription', to, accountId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKey(accountId) });
      await queryClient.invalidateQueries({ queryKey: ['account', accountId] });
    },
  });
}

/** POST /{account_id}/_checkout {price_id}: an embedded checkout session (only asked when a publishable key exists). */
export function useCheckoutSession(accountId: string, priceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['checkout', accountId, priceId],
    enabled,
    queryFn: () => api.call('POST /{db}/_checkout', { params: { db: accountId }, body: { price_id: priceId } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
