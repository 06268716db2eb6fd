import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '@app/ui';
import { registerTranslations } from '../i18n/register';
import Page from '../Page';

// Renders the remote's Page at a path with the providers the shell gives it (its i18n instance, Mantine, a query
// client, a router), and stubs the gateway with a handler of (method, url, body). The router's location is written in
// a hidden probe (`location()`), so a test sees where a click or a redirect went.

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location" hidden>{`${pathname}${search}`}</output>;
}

export function renderAt(path: string, language = 'en') {
  const i18n = createI18n(language);
  registerTranslations(i18n);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <LocationProbe />
            <Routes>
              <Route path="/account/:account_id/*" element={<Page />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  const location = () => utils.getByTestId('location').textContent ?? '';
  return { ...utils, queryClient, i18n, location };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

/** Stubs fetch; unhandled calls answer 404 missing (finds answer no documents, views no rows). */
export function stubApi(handler: Handler) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = handler(call);
    if (answer) return jsonResponse(answer.status ?? 200, answer.body);
    if (url.endsWith('/_find')) return jsonResponse(200, { docs: [] });
    if (url.includes('/_view/')) return jsonResponse(200, { rows: [] });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

/** A `_find` call's selector. */
export const selectorOf = (call: Call) => ((call.body as { selector?: Record<string, unknown> })?.selector ?? {}) as Record<string, unknown>;

/** A `_find` of one klass. */
export const isFind = (call: Call, klass: string) => call.method === 'POST' && call.url.endsWith('/_find') && selectorOf(call).klass === klass;

/** A view call of design/view, and its query parameters. */
export function viewOf(call: Call, design: string, view: string): URLSearchParams | null {
  const m = new RegExp(`/_design/${design}/_view/${view}(\\?|$)`).exec(call.url);
  if (call.method !== 'GET' || !m) return null;
  return new URL(call.url, 'http://x').searchParams;
}

// A handbook as the service answers it (HandbookDoc): rendered content, backlinks, an earlier address.
export const OIL = {
  _id: 'hbk-0123456789abcdef0123',
  _rev: '3-c',
  klass: 'Handbook',
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-10T14:05:00.000Z',
  created_by: 'usr-ana',
  title: 'Troca de óleo',
  content: '# Passos\n\n| Motor | Litros |\n| --- | --- |\n| 2.0 | 4,5 |\n\nVeja [[filtros]].\n',
  content_type: 'markdown',
  categories: ['motor', 'oficina'],
  uri: 'troca-de-oleo',
  fields: [
    { field_name: 'Torque', field_value: '25 Nm' },
    { field_name: 'Óleo', field_value: '5W30' },
  ],
  content_html:
    '<h1>Passos</h1><table><thead><tr><th>Motor</th><th>Litros</th></tr></thead><tbody><tr><td>2.0</td><td>4,5</td></tr></tbody></table><p>Veja <a href="/account/acc-1/handbooks/filtros">filtros</a>.</p>',
  linked_by: [{ _id: 'hbk-aaaaaaaaaaaaaaaaaaaa', title: 'Revisão dos 10 mil', uri: 'revisao-10-mil' }],
  links_to: ['filtros'],
  old_uris: ['oleo'],
  value_for: { Torque: '25 Nm', Óleo: '5W30' },
  revision: 3,
};
