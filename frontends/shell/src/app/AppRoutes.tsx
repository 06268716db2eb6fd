import { Alert } from '@mantine/core';
import { Component, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { RouteMatchesContext } from './route-matches';
import { routes } from './routes';

/** A page that throws while rendering shows its error instead of a blank screen (the data router's error page did). */
class PageBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null; key: string }> {
  state = { error: null as Error | null, key: this.props.resetKey };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    // a new location starts without the previous page's error
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }
  render() {
    return this.state.error ? (
      <Alert color="red" variant="light" role="alert" title={this.state.error.name} m="md">
        {this.state.error.message}
      </Alert>
    ) : (
      this.props.children
    );
  }
}

/** The route table of routes.tsx rendered for the current location, with its matches for useRouteMatches. */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext.Provider value={matches}>
      <PageBoundary resetKey={location.pathname}>{element}</PageBoundary>
    </RouteMatchesContext.Provider>
  );
}
