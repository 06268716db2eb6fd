import { useQuery } from '@tanstack/react-query';
import type { MAX_FIND_LIMIT, WalletBalanceDoc } from '@app/proto';
import { api } from '../../app/api';
import { isDeployed, useDeployedModules } from '../../modules/deployed-modules';
import { useActiveModule } from '../../modules/module-store';

// The finance module's per-currency totals the dashboard reads (spec §7: POST /{account_id}/_find of WalletBalance,
// sorted by currency): one document `wbl-<currency>` per currency the group keeps wallets in.

/** The most placeholder rows the hidden card shows (spec §2). */
export const MAX_PLACEHOLDERS = 3;

// every currency a group keeps (the find's default page is 25); written out: proto's value would bundle zod
const LIMIT = 1000 satisfies typeof MAX_FIND_LIMIT;

/** Named like a counter ('count-…', @app/ui isCountersQuery) so that the finance remote's writes refresh it. */
export const walletBalancesKey = (accountId: string) => ['count-wallet-balances', accountId] as const;

/**
 * The group's WalletBalance documents, asked only in the finance module with its remote deployed (otherwise the card
 * is not shown, and the service may not be there to answer: 503). A failure shows nothing, like the ticket bar.
 */
export function useWalletBalances(accountId: string) {
  const active = useActiveModule();
  const deployed = useDeployedModules();
  const finance = active === 'finance' && isDeployed('finance', deployed);
  return useQuery({
    queryKey: walletBalancesKey(accountId),
    queryFn: ({ signal }) => api.find(accountId, { selector: { klass: 'WalletBalance' }, sort: [{ currency: 'asc' }], limit: LIMIT }, signal),
    enabled: finance && !!accountId,
    retry: false,
  });
}

/** The totals above zero: what the card lists once Show is pressed. */
export const positiveBalances = (docs: readonly WalletBalanceDoc[]): WalletBalanceDoc[] =>
  docs.filter((d) => typeof d.balance === 'number' && Number.isFinite(d.balance) && d.balance > 0);

/** How many placeholder rows stand for the hidden amounts: one per currency kept, at most 3. */
export const placeholderCount = (docs: readonly WalletBalanceDoc[]): number => Math.min(docs.length, MAX_PLACEHOLDERS);
