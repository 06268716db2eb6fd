// jsdom lacks what Mantine reads: matchMedia, ResizeObserver, scrollIntoView.
import { cleanup, configure } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

afterEach(() => cleanup());
// Files share a worker's globals and modules (vitest.config.mts: isolate false): what one file stored, stubbed or spied
// on ends with it. The shell's API hooks live on the page (@app/ui host-hooks), installed once when the shell's api.ts
// is first imported: a file that replaces them gets the installed ones back.
const HOST_HOOKS = Symbol.for('servicedesk.host-api-hooks');
type Page = { [HOST_HOOKS]?: unknown };
let hostHooks: unknown;
beforeAll(() => {
  hostHooks = (globalThis as Page)[HOST_HOOKS];
});
afterAll(() => {
  (globalThis as Page)[HOST_HOOKS] = hostHooks;
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});
// findBy*/waitFor wait up to 1 s by default, which a loaded machine overran (a list's cards came later): 5 s
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => undefined;
