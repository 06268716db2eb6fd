import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '@app/ui';
import { registerTranslations } from '../i18n/register';
import Page from '../Page';

// Renders the remote's Page at a path with the providers the shell gives it (its i18n instance, Mantine, a query
// client, a router), and stubs the gateway with a handler of (method, url, body).

export function renderAt(path: string, language = 'en') {
  const i18n = createI18n(language);
  registerTranslations(i18n);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/account/:account_id/*" element={<Page />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...utils, queryClient, i18n };
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

/** A request's body: JSON parsed, a file (a statement's upload) as it was sent. */
function bodyOf(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

/** Stubs fetch; unhandled calls answer 404 missing (finds answer no documents, views no rows). */
export function stubApi(handler: Handler) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url, body: bodyOf(init?.body), headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
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

// Sample wallets: two in reais, one in dollars, an inactive one, a card.
export const WALLETS = [
  { _id: 'wal-itau', _rev: '1-a', klass: 'Wallet', name: 'Itaú', currency: 'BRL', precision: null, start_balance: 0, card: false, active: true },
  { _id: 'wal-nubank', _rev: '1-a', klass: 'Wallet', name: 'Nubank', currency: 'BRL', precision: null, start_balance: 0, card: true, limit: 500000, active: true },
  { _id: 'wal-usd', _rev: '1-a', klass: 'Wallet', name: 'Wise USD', currency: 'USD', precision: null, start_balance: 0, card: false, active: true },
  { _id: 'wal-old', _rev: '1-a', klass: 'Wallet', name: 'Old cash', currency: 'BRL', precision: null, start_balance: 0, card: false, active: false },
];
