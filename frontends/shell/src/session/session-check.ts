import type { QueryClient } from '@tanstack/react-query';
import { api, onApiError, type Session } from '../app/api';
import { relogin } from './relogin-store';

/**
 * On a 401 or 403 from any call but the session's own, check the session; when it is gone while the screen believed
 * the user signed in, open the re-login modal over the page instead of leaving it.
 */
export function installSessionCheck(queryClient: QueryClient): () => void {
  return onApiError((err, path) => {
    if (path.startsWith('/_session')) return;
    if (err.status !== 401 && err.status !== 403) return;
    const known = queryClient.getQueryData<Session>(['session']);
    if (!known?.userCtx.name) return;
    api.call('GET /_session').then(
      (session) => {
        if (!session.userCtx.name) relogin.open();
      },
      (checkErr: { status?: number }) => {
        if (checkErr?.status === 401) relogin.open();
      },
    );
  });
}
