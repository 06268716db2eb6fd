import { createApiClient, provideHostHooks, type ApiError } from '@app/ui';
import { newVersion } from '../session/version-store';

// The shell's API client: same origin as the page (the gateway serves both). The current route's id travels as
// x-route-name; every failed call goes through the session check (session/session-check.ts).

let routeName: string | undefined;
export const setRouteName = (name: string | undefined) => {
  routeName = name;
};

type ErrorListener = (err: ApiError, path: string, method: string) => void;
const listeners = new Set<ErrorListener>();
export const onApiError = (listener: ErrorListener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const dataListeners = new Set<() => void>();
/** A module remote wrote something (see @app/ui host-hooks). */
export const onRemoteDataChanged = (listener: () => void) => {
  dataListeners.add(listener);
  return () => dataListeners.delete(listener);
};

const hooks = {
  onError: (err: ApiError, path: string, method: string) => listeners.forEach((l) => l(err, path, method)),
  onDataChanged: () => dataListeners.forEach((l) => l()),
  // a response from a newer release: the new-version banner asks for a reload
  onVersionChange: () => newVersion.raise(),
};
// module remotes' clients report to the same hooks (their 401 opens the re-login modal)
provideHostHooks(hooks);

export const api = createApiClient({ routeName: () => routeName, ...hooks });

export interface Membership {
  account_id: string;
  subscription_id: string;
  account_name: string;
  bookmark: boolean;
  status: 'pending' | 'accepted';
}

export interface SessionInfo {
  ok: true;
  userCtx: { name: string | null; roles: string[] };
  locale?: string;
  confirmed?: boolean;
  user?: { email: string; fullname: string | null; label: string; confirmed: boolean };
  memberships?: Membership[];
}

export const sessionQuery = {
  queryKey: ['session'] as const,
  queryFn: () => api.get<SessionInfo>('/_session'),
  staleTime: 60_000,
};
