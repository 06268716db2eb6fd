import { useSyncExternalStore } from 'react';

// Whether a new version of the product is deployed (spec §4): raised when a response's x-app-version differs from the
// version the page loaded with, or when the version check after a failed remote load finds a new one. Dismissible.
let shown = false;
let dismissed = false;
const subscribers = new Set<() => void>();
const notify = () => subscribers.forEach((s) => s());

export const newVersion = {
  raise() {
    if (shown || dismissed) return;
    shown = true;
    notify();
  },
  dismiss() {
    dismissed = true;
    if (!shown) return;
    shown = false;
    notify();
  },
  isShown: () => shown,
  /** for tests */
  reset() {
    shown = false;
    dismissed = false;
    notify();
  },
};

export function useNewVersionShown(): boolean {
  return useSyncExternalStore(
    (s) => {
      subscribers.add(s);
      return () => subscribers.delete(s);
    },
    () => shown,
    () => false,
  );
}
