import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { reader } from '../lib/api';
import { invalidateAfterWrite } from './invalidate';

/** After "refresh now" the fetch runs in the background: the lists are read again a few times while items arrive. */
export const REFRESH_FOLLOW_UP_MS = [2_000, 5_000, 10_000] as const;

/** Reads the lists again now and a few times after, while a fetch in the background brings items (none after unmount). */
export function useFollowUp() {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return () => {
    timers.current.forEach(clearTimeout);
    timers.current = REFRESH_FOLLOW_UP_MS.map((ms) => setTimeout(() => void invalidateAfterWrite(queryClient), ms));
    return invalidateAfterWrite(queryClient);
  };
}

/** "Refresh now" of a subscription, or of every one ('all'): queued by the service, which answers at once. */
export function useRefresh(accountId: string) {
  const followUp = useFollowUp();
  return useMutation({
    mutationFn: (target: string) => reader.refresh(accountId, target),
    onSuccess: () => void followUp(),
  });
}

/** Every unread item of a subscription, a label or the group ('all') read; the lists and counts are read again. */
export function useMarkAllRead(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: string) => reader.markAllRead(accountId, target),
    onSuccess: () => invalidateAfterWrite(queryClient),
  });
}
