import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '@app/ui';
import { registerTranslations } from '../i18n/register';
import type { ReactNode } from 'react';
import DashboardCard from '../DashboardCard';
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

/** Renders any element with the same providers, at a path (the dashboard's card, a component alone). */
export function renderWith(element: ReactNode, path = '/account/acc-1', language = 'en') {
  const i18n = createI18n(language);
  registerTranslations(i18n);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...utils, queryClient, i18n };
}

/** The dashboard's card as the shell mounts it. */
export const renderDashboardCard = (language = 'en') => renderWith(<DashboardCard accountId="acc-1" />, '/account/acc-1', language);

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

/** An update handler's call: `PUT /{db}/_design/<design>/_update/<handler>/<id>` → [design, handler, id], or null. */
export function updateOf(call: Call): [string, string, string] | null {
  const m = /\/_design\/([^/]+)\/_update\/([^/]+)\/([^/?]+)$/.exec(call.url);
  return call.method === 'PUT' && m ? [m[1], m[2], decodeURIComponent(m[3])] : null;
}

export const ACCOUNT = 'acc-1';
export const USER = 'usr-1';

/** GET /_session of the signed-in user. */
export const SESSION = { ok: true, userCtx: { name: USER, roles: [] }, locale: 'en' };

const stamp = { created_at: '2026-05-01T10:00:00Z', updated_at: '2026-05-01T10:00:00Z', created_by: USER };

export const LABELS = [
  { _id: 'rlb-news', _rev: '1-a', klass: 'ReaderLabel', name: 'News', kind: 'label', ...stamp },
  { _id: 'rlb-tech', _rev: '1-a', klass: 'ReaderLabel', name: 'Tech', kind: 'label', ...stamp },
];

export const SUBSCRIPTIONS = [
  {
    _id: 'rsb-blog',
    _rev: '2-a',
    klass: 'ReaderSubscription',
    url: 'https://blog.example.com/feed.xml',
    website_url: 'https://blog.example.com/',
    title: 'Example Blog',
    customize_title: false,
    reader_label_id: 'rlb-tech',
    active: true,
    error_count: 0,
    last_error: null,
    checked_at: '2026-05-10T08:00:00Z',
    next_check_at: '2026-05-10T09:00:00Z',
    feed_url: 'https://blog.example.com/feed.xml',
    ...stamp,
  },
  {
    _id: 'rsb-broken',
    _rev: '3-a',
    klass: 'ReaderSubscription',
    url: 'https://broken.example.org/rss',
    website_url: null,
    title: 'Broken Feed',
    customize_title: true,
    reader_label_id: 'rlb-news',
    active: true,
    error_count: 3,
    last_error: 'HTTP 500 Internal Server Error',
    checked_at: '2026-05-10T08:00:00Z',
    next_check_at: '2026-05-10T16:00:00Z',
    feed_url: null,
    ...stamp,
  },
  {
    _id: 'rsb-old',
    _rev: '1-a',
    klass: 'ReaderSubscription',
    url: 'https://old.example.net/atom',
    title: 'Old Atom',
    customize_title: false,
    reader_label_id: null,
    active: false,
    ...stamp,
  },
];

/** A feed line as the `_find` answers it; n gives it a distinct id, title and date (newer first for smaller n). */
export function feedItem(n: number, over: Record<string, unknown> = {}) {
  const day = String(28 - (n % 28)).padStart(2, '0');
  return {
    _id: `rit-${n}`,
    title: `Item number ${n}`,
    url: `https://blog.example.com/posts/${n}`,
    summary: `Summary of item ${n}`,
    content_type: 'html',
    point_at: `2026-05-${day}T12:00:00Z`,
    read: false,
    starred: false,
    reader_subscription_id: 'rsb-blog',
    reader_subscription: { _id: 'rsb-blog', title: 'Example Blog', label: 'Tech' },
    created_at: '2026-05-10T08:00:00Z',
    ...over,
  };
}

/** The whole item (GET /{db}/{id}): the line and its content. */
export function wholeItem(n: number, content = `<p>Body of item ${n}</p>`, over: Record<string, unknown> = {}) {
  return { ...feedItem(n, over), _rev: '1-a', klass: 'ReaderItem', content, ...stamp, ...over };
}
