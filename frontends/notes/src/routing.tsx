import { useModuleRoute } from '@app/module-kit';

// The params of the notes screen being shown (the kit's Page matches the location: Page.tsx).

export interface RouteParams {
  accountId: string;
  /** a record's id (bookmarks) */
  recordId?: string;
  /** a handbook's id or slug (its address) */
  handbookRef?: string;
  /** the route's name, sent as x-route-name */
  name: string;
}

export const useRoute = () => useModuleRoute<RouteParams>();

/** Absolute links inside the account: accountPath('acc-1', 'handbooks', slug) → /account/acc-1/handbooks/<slug>. */
export const accountPath = (accountId: string, ...parts: Array<string | undefined>) =>
  [`/account/${accountId}`, ...parts.filter((p): p is string => !!p).map((p) => encodeURIComponent(p))].join('/');

/** Addresses a route of its own has taken (handbooks/new is the new page's form). */
const TAKEN = new Set(['new']);

/** A handbook's page: by its address (slug) when it has one the routes leave free, else by id. */
export const handbookPath = (accountId: string, doc: { _id: string; uri?: string | null }, ...rest: string[]) =>
  accountPath(accountId, 'handbooks', doc.uri && !TAKEN.has(doc.uri) ? doc.uri : doc._id, ...rest);
