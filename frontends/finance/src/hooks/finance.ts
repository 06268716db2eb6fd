import type { Klass, KlassDoc, WalletDoc, WalletSummary } from '@app/proto';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { docs, finance, type MoneyHandler } from '../lib/api';
import { FIND_LIMIT } from '../lib/contract';
import { walletLookup, type MoneyDoc } from '../lib/records';
import { useInvalidate } from './invalidate';

// The finance screens' data: the group's wallets (for pickers and names), their balances (the `wallets` view), one
// record, and the money handlers (confirm, unconfirm, remove the imported flag).

export const walletsKey = (accountId: string) => ['finance', 'wallets', accountId] as const;

/** Every wallet of the group, by name (pickers show the active ones; lists name any). */
export function useWallets(accountId: string) {
  return useQuery({
    queryKey: walletsKey(accountId),
    queryFn: (): Promise<WalletDoc[]> =>
      docs.find(accountId, { selector: { klass: 'Wallet' }, fields: ['_id', '_rev', 'klass', 'name', 'currency', 'precision', 'active', 'card'], sort: [{ name: 'asc' }], limit: FIND_LIMIT }),
    staleTime: 30_000,
  });
}

/** The wallets by id, as the forms and lists look them up. */
export function useWalletLookup(accountId: string) {
  const wallets = useWallets(accountId);
  return { ...wallets, lookup: walletLookup(wallets.data) };
}

/** Every wallet's balance, pending records, balance after them and available credit. */
export function useWalletSummaries(accountId: string) {
  return useQuery({ queryKey: ['finance', 'wallet-summaries', accountId], queryFn: (): Promise<WalletSummary[]> => finance.wallets(accountId) });
}

export const docKey = (accountId: string, id: string) => ['finance', 'doc', accountId, id] as const;

/** A document by id, typed as klass K's. */
export function useDoc<K extends Klass>(accountId: string, id: string | undefined) {
  return useQuery({ queryKey: docKey(accountId, id ?? ''), queryFn: (): Promise<KlassDoc<K>> => docs.get<K>(accountId, id!), enabled: !!id });
}

/**
 * Confirm, unconfirm or unimport a record: afterwards the lists, the record and the balances are read again; a
 * refusal (409 "Revenue is already confirmed", "Record is imported", …) is kept to show.
 */
export function useMoneyAction(accountId: string) {
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<string | null>(null);
  const action = useMutation({
    mutationFn: ({ handler, doc }: { handler: MoneyHandler; doc: MoneyDoc }) => finance.handle(accountId, handler, doc._id),
    onMutate: ({ handler, doc }) => setBusy(`${handler}:${doc._id}`),
    onSettled: async () => {
      setBusy(null);
      await invalidate();
    },
  });
  return {
    run: (handler: MoneyHandler, doc: MoneyDoc) => action.mutate({ handler, doc }),
    /** `handler:id` of the call under way */
    busy,
    error: action.error,
    reset: action.reset,
  };
}

/**
 * Whether any record names the wallet (its currency and decimals are fixed from then on): an income or outgo in it, a
 * transfer or exchange from or to it. Asked only of an existing wallet's form.
 */
export function useWalletHasRecords(accountId: string, walletId: string | undefined) {
  return useQuery({
    queryKey: ['finance', 'wallet-has-records', accountId, walletId],
    enabled: !!walletId,
    queryFn: async ({ signal }): Promise<boolean> => {
      const id = walletId!;
      const either = { $or: [{ source_wallet_id: id }, { destination_wallet_id: id }] };
      const found = await Promise.all([
        docs.find(accountId, { selector: { klass: 'Income', wallet_id: id }, fields: ['_id'], limit: 1 }, signal),
        docs.find(accountId, { selector: { klass: 'Outgo', wallet_id: id }, fields: ['_id'], limit: 1 }, signal),
        docs.find(accountId, { selector: { klass: 'Transfer', ...either }, fields: ['_id'], limit: 1 }, signal),
        docs.find(accountId, { selector: { klass: 'Exchange', ...either }, fields: ['_id'], limit: 1 }, signal),
      ]);
      return found.some((list) => list.length > 0);
    },
  });
}

