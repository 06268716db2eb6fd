import { vi } from 'vitest';
import { PHONE_MEDIA_QUERY } from '../components/use-phone';

/** For tests: a window as narrow as a phone (the phone media query matches, others don't). */
export function phoneWindow(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_MEDIA_QUERY,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
