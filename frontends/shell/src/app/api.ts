import { createApiClient, provideHostHooks, type ApiError, type Reply } from '@app/ui';
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

const hooks = {
  onError: (err: ApiError, path: string, method: string) => listeners.forEach((l) => l(err, path, method)),
  // a response from a newer release: the new-version banner asks for a reload
  onVersionChange: () => newVersion.raise(),
};
// module remotes' clients report to the same hooks (their 401 opens the re-login modal)
provideHostHooks(hooks);

export const api = createApiClient({ routeName: () => routeName, ...hooks });

/** GET /_session's answer: proto's SessionReply, or the anonymous one. */
export type Session = Reply<'GET /_session'>;

/** A group as GET /accounts/{id} answers it (its name, plan, billing e-mail), under the key every screen shares. */
export const accountQuery = (accountId: string) => ({
  queryKey: ['account', accountId] as const,
  queryFn: () => api.call('GET /accounts/{account_id}', { params: { account_id: accountId } }),
  staleTime: 60_000,
});

export const sessionQuery = {
  queryKey: ['session'] as const,
  queryFn: () => api.call('GET /_session'),
  staleTime: 60_000,
};
