import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { setRouteName } from './api';
import { useRouteMatches } from './route-matches';
import { Texts } from './Texts';

// The public screens' layout. The signed-in layout (AuthLayout.tsx: top bar, footer, re-login modal) is its own lazy
// chunk, so the login page's first load does not carry it.

/** Names the current route for the x-route-name header. */
export function RouteName() {
  const id = useRouteMatches().at(-1)?.route.id;
  useEffect(() => setRouteName(id), [id]);
  return null;
}

export function PublicLayout() {
  // the /user/* forms (login, register, confirmation, password) need only the core texts; the landing and legal pages all
  const id = useRouteMatches().at(-1)?.route.id ?? '';
  return (
    <>
      <RouteName />
      <Suspense fallback={<PageLoader />}>
        <Texts part={id.startsWith('user.') ? 'core' : 'all'}>
          <Outlet />
        </Texts>
      </Suspense>
    </>
  );
}
