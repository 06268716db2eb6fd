import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LiveConnection, openBrowserEventSource, type OpenEventSource } from './live-connection';
import { LIVE_HIDDEN_GRACE_MS } from './live-rules';

/** The group of the current page (`/account/<id>/…`), or undefined outside a group. */
export function groupOfPath(pathname: string): string | undefined {
  const m = /^\/account\/(acc-[^/]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : undefined;
}

/**
 * Keeps one live stream open on `accountId` while it is set, feeding the query cache (live-connection.ts); a tab
 * hidden for LIVE_HIDDEN_GRACE_MS closes it, and opens it again (replaying what it missed) when shown.
 */
export function useLiveUpdates(accountId: string | undefined, open: OpenEventSource = openBrowserEventSource): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!accountId || (typeof EventSource === 'undefined' && open === openBrowserEventSource)) return;
    const connection = new LiveConnection(accountId, queryClient, open);
    connection.start();
    let hidden: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      clearTimeout(hidden);
      if (document.visibilityState === 'hidden') hidden = setTimeout(() => connection.pause(), LIVE_HIDDEN_GRACE_MS);
      else connection.resume();
    };
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(hidden);
      connection.stop();
    };
  }, [accountId, queryClient, open]);
}

/** Mounted by the signed-in layout: the open group's live updates. */
export function LiveUpdates() {
  useLiveUpdates(groupOfPath(useLocation().pathname));
  return null;
}
