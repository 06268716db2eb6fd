import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { settingsKey } from '../admin/admin-data';
import type { PlanPrice } from './billing-rules';

// The billing screens' calls (spec §7): payment configuration, plan prices, the free/cancel switches and checkout.

export interface BillingConfig {
  /** null: no payment provider configured (development, tests); the checkout page shows a notice */
  publishable_key: string | null;
  livemode: boolean;
}

export const billingConfigQuery = {
  queryKey: ['billing-config'] as const,
  queryFn: () => api.get<BillingConfig>('/billing/config'),
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
    queryFn: async () => (await api.post<{ docs: PlanPrice[] }>('/prices/_find', { selector: { ...selector, livemode }, sort: [{ unit_amount: 'asc' }] })).docs,
  });
}

/** PUT /{account_id}/_design/subscription/_update/{free|cancel}/{account_id}. */
export function useSwitchPlan(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: 'free' | 'cancel') => api.put(`/${accountId}/_design/subscription/_update/${to}/${accountId}`),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKey(accountId) });
      await queryClient.invalidateQueries({ queryKey: ['account', accountId] });
    },
  });
}

export interface CheckoutSession {
  client_secret: string;
  session_id: string;
  customer_id: string;
  livemode: boolean;
  price: PlanPrice;
}

/** POST /{account_id}/_checkout {price_id}: an embedded checkout session (only asked when a publishable key exists). */
export function useCheckoutSession(accountId: string, priceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['checkout', accountId, priceId],
    enabled,
    queryFn: () => api.post<CheckoutSession>(`/${accountId}/_checkout`, { price_id: priceId }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
