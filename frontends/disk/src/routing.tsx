import { createContext, useContext } from 'react';

// The params of the disk screen being shown. The Page matches the full location itself (Page.tsx), so the screens
// work however the shell mounts the remote (/account/:account_id/* or one route per segment).

export interface RouteParams {
  accountId: string;
  /** the folder shown (disk/:dir_id); absent at the root */
  dirId?: string;
  /** the route's name, sent as x-route-name */
  name: string;
}

export const RouteContext = createContext<RouteParams>({ accountId: '', name: '' });

export const useRoute = () => useContext(RouteContext);

/** Absolute links inside the account: accountPath('acc-1', 'disk', id) → /account/acc-1/disk/<id>. */
export const accountPath = (accountId: string, ...parts: Array<string | null | undefined>) =>
  [`/account/${accountId}`, ...parts.filter((p): p is string => !!p)].join('/');
