import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router';

// The matched routes of the current location (app/AppRoutes.tsx provides them). The shell runs react-router in its
// declarative mode (BrowserRouter + useRoutes): the data router's createBrowserRouter and useMatches weigh 17 kB gzip
// more on the login page's first load (bench/shell), and the shell uses no loaders or actions.

export const RouteMatchesContext = createContext<RouteMatch[]>([]);

/** The matched routes, outermost first; the last is the page's (its `route.id` names the route). */
export const useRouteMatches = () => useContext(RouteMatchesContext);
