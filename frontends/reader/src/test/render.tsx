import type { ReactNode } from 'react';
import { renderInModule, renderModulePage, stubApi as stubKitApi, type Handler } from '@app/module-kit/testing';
import DashboardCard from '../DashboardCard';
import { texts } from '../i18n/register';
import Page from '../Page';

// The reader Page at a path as the shell mounts it, any element of it, and the gateway stubbed
// (@app/module-kit/testing): unhandled views answer no rows.

export { isFind, jsonResponse, selectorOf, updateOf, type Call, type Handler } from '@app/module-kit/testing';

export const renderAt = (path: string, language = 'en') => renderModulePage(Page, texts, path, { language });

/** Renders any element in the reader's frame, at a path (the dashboard's card, a component alone). */
export const renderWith = (element: ReactNode, path = '/account/acc-1', language = 'en') => renderInModule(texts, element, path, { language });

/** The dashboard's card as the shell mounts it. */
export const renderDashboardCard = (language = 'en') => renderWith(<DashboardCard accountId="acc-1" />, '/account/acc-1', language);

export const stubApi = (handler: Handler) => stubKitApi(handler, (call) => (call.url.includes('/_view/') ? { body: { rows: [] } } : undefined));

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
