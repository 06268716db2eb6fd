import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createI18n } from '@app/ui';

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

export interface RenderOptions {
  /** a client the test prepared (e.g. with a cached session) and inspects afterwards */
  queryClient?: QueryClient;
  /** more pages by route pattern, for a page that navigates to another */
  routes?: Record<string, ReactElement>;
}

/** Renders a page at `path` with the shell's providers (English); other paths render "elsewhere". */
export function renderPage(page: ReactElement, path: string, pattern = path, { queryClient = testQueryClient(), routes = {} }: RenderOptions = {}) {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={page} />
              {Object.entries(routes).map(([route, element]) => (
                <Route key={route} path={route} element={element} />
              ))}
              <Route path="*" element={<div data-testid="elsewhere">elsewhere</div>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
