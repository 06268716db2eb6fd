import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { renderModulePage } from '../testing/render';
import { HostSingletonError, ModuleFrame, useModuleRoute, type ModuleRouteBase } from './module-context';
import { modulePage } from './module-page';
import type { ModuleRoute } from './routes';
import { moduleTexts } from './texts';

const texts = moduleTexts('demo', { common: { not_found: 'Page not found.' }, nav: 'Demo menu' }, { common: { not_found: 'Página não encontrada.' }, nav: 'Menu' });

interface DemoParams extends ModuleRouteBase {
  kind?: string;
}
function Show() {
  const route = useModuleRoute<DemoParams>();
  return <p data-testid="route">{JSON.stringify(route)}</p>;
}
// a screen whose code never arrives
const Slow = lazy(() => new Promise<never>(() => undefined));
const ROUTES: (ModuleRoute & { locked?: boolean })[] = [
  {
    path: 'demos',
    name: 'index',
    Component: () => (
      <>
        <Link to="/account/acc-1/demos/a/tkt-1">open</Link> <Link to="/account/acc-1/slow">slow</Link>
      </>
    ),
  },
  { path: 'slow', name: 'slow', Component: Slow },
  { path: 'demos/:kind/:record_id', name: 'show', Component: Show },
  { path: 'locked', name: 'locked', Component: () => <p>secret</p>, locked: true },
];
const onRoute = vi.fn();
const Page = modulePage<(typeof ROUTES)[number], DemoParams>({
  module: 'demo',
  routes: ROUTES,
  texts,
  onRoute,
  Nav: ({ accountId }) => <nav data-testid="demo-nav">{accountId}</nav>,
  routeName: (r) => `demo.${r.name}`,
  params: (p) => ({ kind: p.kind }),
  Provider: ({ children }) => <section data-testid="provided">{children}</section>,
  Gate: ({ route, children }) => (route.locked ? <p data-testid="gated">off</p> : <>{children}</>),
});

afterEach(() => onRoute.mockClear());

describe('a module Page made by modulePage', () => {
  it("shows the matched screen under the module's menu, with its route (account, name, params) and its name sent", async () => {
    renderModulePage(Page, texts, '/account/acc-1/demos/a/tkt-1');
    expect(JSON.parse((await screen.findByTestId('route')).textContent!)).toEqual({ accountId: 'acc-1', name: 'demo.show', recordId: 'tkt-1', kind: 'a' });
    expect(screen.getByTestId('demo-nav').textContent).toBe('acc-1');
    expect(screen.getByTestId('demo-module')).toBeTruthy();
    expect(screen.getByTestId('provided')).toBeTruthy();
    expect(onRoute).toHaveBeenLastCalledWith('demo.show');
  });

  it('says "Page not found" in the module\'s texts for a path it does not serve, and lets a gate hold a screen back', async () => {
    const { unmount } = renderModulePage(Page, texts, '/account/acc-1/demos/a/nothing', { language: 'pt-BR' });
    expect((await screen.findByTestId('page-not-found')).textContent).toBe('Página não encontrada.');
    expect(onRoute).toHaveBeenLastCalledWith('demo.not_found');
    unmount();
    renderModulePage(Page, texts, '/account/acc-1/locked');
    expect(await screen.findByTestId('gated')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });

  it("shows the next screen's loader at once, never the last screen while the next one's code loads", async () => {
    renderModulePage(Page, texts, '/account/acc-1/demos');
    fireEvent.click(await screen.findByRole('link', { name: 'slow' }));
    // the shell's router navigates in a transition, which would keep the last screen (and its links) on view until
    // the next one is ready: a link clicked meanwhile went to the wrong place
    await waitFor(() => expect(screen.queryByRole('link', { name: 'open' })).toBeNull());
    expect(screen.getByTestId('demo-nav')).toBeTruthy();
  });

  it("fails, for the shell's module error, when it does not see the shell's router or query client (another copy of them)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const thrown: unknown[] = [];
    const i18n = createI18n('en');
    const attempt = (tree: ReactNode) => {
      try {
        render(
          <I18nextProvider i18n={i18n}>
            <MantineProvider>{tree}</MantineProvider>
          </I18nextProvider>,
        );
      } catch (err) {
        thrown.push(err);
      }
    };
    attempt(<ModuleFrame module="demo">x</ModuleFrame>);
    attempt(
      <MemoryRouter>
        <ModuleFrame module="demo">x</ModuleFrame>
      </MemoryRouter>,
    );
    attempt(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ModuleFrame module="demo">inside</ModuleFrame>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(thrown.map((e) => (e instanceof HostSingletonError ? e.message : e))).toEqual([
      "the demo module does not see the shell's react-router: it runs on another copy of it than the shell",
      "the demo module does not see the shell's @tanstack/react-query: it runs on another copy of it than the shell",
    ]);
    expect(screen.getByText('inside')).toBeTruthy();
  });
});
