import { createContext, useContext } from 'react';

// The params of the reader screen being shown. The Page matches the full location itself (Page.tsx), so the screens
// work however the shell mounts the remote (/account/:account_id/* or one route per segment).

export interface RouteParams {
  accountId: string;
  recordId?: string;
  /** the route's name, sent as x-route-name */
  name: string;
}

export const RouteContext = createContext<RouteParams>({ accountId: '', name: '' });

export const useRoute = () => useContext(RouteContext);

/** Absolute links inside the account: accountPath('acc-1', 'reader_labels', id) → /account/acc-1/reader_labels/<id>. */
export const accountPath = (accountId: string, ...parts: Array<string | undefined>) =>
  [`/account/${accountId}`, ...parts.filter((p): p is string => !!p)].join('/');
