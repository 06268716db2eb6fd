import { useSyncExternalStore } from 'react';

// "Phone" for every screen of the web app, shell and remotes alike: narrower than Mantine's `sm` breakpoint (48em; the
// theme keeps Mantine's breakpoints). What only hides or shows uses Mantine's `hiddenFrom={PHONE_BREAKPOINT}` or
// `visibleFrom={PHONE_BREAKPOINT}`; what renders something else on a phone (cards for a table) uses usePhone(), whose
// query is the one `visibleFrom` hides with. @app/ui does not depend on Mantine, so the query is written out; the
// tickets remote's use-phone test checks it against Mantine's default theme.
export const PHONE_BREAKPOINT = 'sm' as const;
export const PHONE_MEDIA_QUERY = '(max-width: 47.99em)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(PHONE_MEDIA_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True while the window is phone-sized; read synchronously on the first render, so a phone never draws the desktop layout first. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_MEDIA_QUERY).matches,
    () => false,
  );
}
