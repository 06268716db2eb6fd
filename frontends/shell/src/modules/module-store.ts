import { useSyncExternalStore } from 'react';
import { activeModule, MODULE_KEY, type ModuleName } from './active-module';

// The chosen module lives in sessionStorage (key `module`); components re-render when it changes.

const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return sessionStorage.getItem(MODULE_KEY);
  } catch {
    return null;
  }
}

export function storeModule(name: ModuleName) {
  try {
    sessionStorage.setItem(MODULE_KEY, name);
  } catch {
    /* storage unavailable: the choice lasts until the page is left */
  }
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const snapshot = () => activeModule(readStored(), typeof location === 'undefined' ? '' : location.hostname);

/** The active module, following the stored choice. */
export function useActiveModule(): ModuleName {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
