import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '@app/ui';
import { ModuleFrame } from '../frame/module-context';
import type { ModuleTexts } from '../frame/texts';

// A module's component tests: its Page (or any element) with what the shell gives it — its i18n instance with the
// module's texts, Mantine, a query client, a router — and the gateway stubbed by a handler of (method, url, body).

/** Keeps where the router is (a click or a redirect went there) for the test, without writing it into the page. */
function LocationProbe({ onLocation }: { onLocation: (location: string) => void }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    onLocation(`${pathname}${search}`);
  }, [onLocation, pathname, search]);
  return null;
}

export interface RenderOptions {
  language?: string;
  /** the history entry's state (a screen opened with navigate(path, { state })) */
  state?: unknown;
}

function renderWithin(texts: ModuleTexts, path: string, content: ReactNode, { language = 'en', state }: RenderOptions) {
  const i18n = createI18n(language);
  texts.register(i18n);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const seen = { current: path };
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
            <LocationProbe
              onLocation={(l) => {
                seen.current = l;
              }}
            />
            {content}
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...utils, queryClient, i18n, location: () => seen.current };
}

/** The module's Page at a path, mounted as the shell mounts it (under /account/:account_id/*). */
export function renderModulePage(Page: ComponentType, texts: ModuleTexts, path: string, options: RenderOptions = {}) {
  return renderWithin(texts, path, <Routes><Route path="/account/:account_id/*" element={<Page />} /></Routes>, options);
}

/** Any element of the module (a dashboard card, a component alone) in the module's frame, at a path. */
export function renderInModule(texts: ModuleTexts, element: ReactNode, path = '/account/acc-1', options: RenderOptions = {}) {
  return renderWithin(texts, path, <ModuleFrame module={texts.namespace}>{element}</ModuleFrame>, options);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface Call {
  method: string;
  url: string;
  /** JSON parsed; a file or form as it was sent */
  body: unknown;
  headers: Record<string, string>;
}

export type Answer = { status?: number; body: unknown };
export type Handler = (call: Call) => Answer | undefined;

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

/**
 * Stubs fetch: `handler` answers first, then the module's `defaults`; a `_find` nobody answered finds no documents,
 * anything else is 404 missing. An aborted request fails as fetch does.
 */
export function stubApi(handler: Handler, defaults: Handler = () => undefined) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { method: init?.method ?? 'GET', url, body: bodyOf(init?.body), headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answer = handler(call) ?? defaults(call);
    if (answer) return jsonResponse(answer.status ?? 200, answer.body);
    if (url.endsWith('/_find')) return jsonResponse(200, { docs: [] });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

/** A `_find` call's selector. */
export const selectorOf = (call: Call) => ((call.body as { selector?: Record<string, unknown> })?.selector ?? {}) as Record<string, unknown>;

/** A `_find` of one klass. */
export const isFind = (call: Call, klass: string) => call.method === 'POST' && call.url.endsWith('/_find') && selectorOf(call).klass === klass;

/** A view call of design/view, and its query parameters; null for another call. */
export function viewOf(call: Call, design: string, view: string): URLSearchParams | null {
  const m = new RegExp(`/_design/${design}/_view/${view}(\\?|$)`).exec(call.url);
  if (call.method !== 'GET' || !m) return null;
  return new URL(call.url, 'http://x').searchParams;
}

/** An update handler's call: `PUT /{db}/_design/<design>/_update/<handler>/<id>` → [design, handler, id], or null. */
export function updateOf(call: Call): [string, string, string] | null {
  const m = /\/_design\/([^/]+)\/_update\/([^/]+)\/([^/?]+)$/.exec(call.url);
  return call.method === 'PUT' && m ? [m[1], m[2], decodeURIComponent(m[3])] : null;
}

/** A view's rows answer (`{rows}`). */
export const rows = (list: Array<{ key: unknown; value: unknown }>) => ({ body: { rows: list } });

/** A group's settings as `_find` answers them (AccountConfiguration documents). */
export const settings = (values: Record<string, unknown>) =>
  Object.entries(values).map(([key, value], i) => ({ _id: `acn-${i}`, _rev: '1-a', klass: 'AccountConfiguration', key, value }));
