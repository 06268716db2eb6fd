import { useSyncExternalStore } from 'react';

// Whether the re-login modal is open (spec §4: a 401 or 403 triggers a session check; a 401 there opens the modal).
let open = false;
const subscribers = new Set<() => void>();

export const relogin = {
  open() {
    if (open) return;
    open = true;
    subscribers.forEach((s) => s());
  },
  close() {
    if (!open) return;
    open = false;
    subscribers.forEach((s) => s());
  },
  isOpen: () => open,
};

export function useReloginOpen(): boolean {
  return useSyncExternalStore(
    (s) => {
      subscribers.add(s);
      return () => subscribers.delete(s);
    },
    () => open,
    () => false,
  );
}
