import type { ReaderLabelDoc, ReaderSubscriptionDoc } from '@app/proto';
import { FEED_URL_MAX, MESSAGES } from './contract';

// The subscription and label forms' values, their checks before sending (the service checks the same: proto's
// ReaderSubscriptionFields and ReaderLabelFields) and the documents they send.

/** field → i18n key (`validation.<message>`), as @app/ui's fieldErrors gives a 422's */
export type Errors = Record<string, string>;
const v = (key: string) => `validation.${key}`;

export interface SubscriptionValues {
  /** a feed's address, or a site's page (the service finds its feed) */
  url: string;
  customize_title: boolean;
  /** the title typed when customize_title is on */
  title: string;
  reader_label_id: string | null;
  active: boolean;
  /**
   * whether the feed keeps signing in with the user name and password kept for it (HTTP Basic; only the user name is
   * ever shown): switched off, the document sends `basic_auth_user: null` and the service forgets them
   */
  keep_sign_in: boolean;
}

export function initialSubscriptionValues(doc?: ReaderSubscriptionDoc, labelId?: string | null): SubscriptionValues {
  return {
    url: doc?.url ?? '',
    customize_title: doc?.customize_title ?? false,
    title: doc?.title ?? '',
    reader_label_id: doc ? (doc.reader_label_id ?? null) : (labelId ?? null),
    active: doc?.active ?? true,
    keep_sign_in: true,
  };
}

/** Whether a text is an http(s) address with a host (proto's WebUrl). */
export function isWebUrl(text: string): boolean {
  try {
    const u = new URL(text.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/**
 * An address typed without its scheme ("example.com/feed") as people type it in a feed reader: https:// is put in
 * front; anything else is left as typed.
 */
export function withScheme(text: string): string {
  const t = text.trim();
  if (!t || /^[a-z][a-z0-9+.-]*:/i.test(t)) return t;
  return `https://${t.replace(/^\/+/, '')}`;
}

/**
 * The plain-http address to try when the https one guessed for an address typed without a scheme failed to connect
 * (issue 28: a site that only speaks http was refused): null when the person typed a scheme themselves.
 */
export function httpFallback(typed: string): string | null {
  const t = typed.trim();
  if (!t || /^[a-z][a-z0-9+.-]*:/i.test(t)) return null;
  return `http://${t.replace(/^\/+/, '')}`;
}

/** Refusals of the https address after which plain http is worth a try: the connection, not the site's content. */
const TRY_HTTP_AFTER: ReadonlySet<string> = new Set([MESSAGES.refused, MESSAGES.timeout, MESSAGES.unreachable]);
export const worthTryingHttp = (key: string | undefined) => !!key && TRY_HTTP_AFTER.has(key.replace(/^validation\./, ''));

export function validateSubscription(values: SubscriptionValues): Errors {
  const errors: Errors = {};
  const url = withScheme(values.url);
  if (!url) errors.url = v('cant-be-blank');
  else if (url.length > FEED_URL_MAX) errors.url = v('is-too-long');
  else if (!isWebUrl(url)) errors.url = v(MESSAGES.badUrl);
  if (values.customize_title && !values.title.trim()) errors.title = v('cant-be-blank');
  else if (values.title.trim().length > 300) errors.title = v('is-too-long');
  return errors;
}

/**
 * The document sent: the stored one's fields the service keeps (fetch state, label, whom it signs in as) left out; a
 * sign-in switched off is `basic_auth_user: null` (the service forgets the credentials). Credentials typed in the
 * address (`https://user:password@…`) go as typed: the service keeps them apart and stores the address without them.
 */
export function toSubscriptionDocument(values: SubscriptionValues, prev?: ReaderSubscriptionDoc): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: 'ReaderSubscription' };
  for (const kept of ['label', 'error_count', 'last_error', 'checked_at', 'next_check_at', 'etag', 'last_modified', 'feed_url', 'basic_auth_user']) delete doc[kept];
  if (prev?.basic_auth_user && !values.keep_sign_in) doc.basic_auth_user = null;
  const url = withScheme(values.url);
  // a new address: the service looks for its feed again and keeps the page it finds
  if (prev && url !== prev.url) doc.website_url = null;
  doc.url = url;
  doc.customize_title = values.customize_title;
  if (values.customize_title) doc.title = values.title.trim();
  else if (!prev) doc.title = null;
  doc.reader_label_id = values.reader_label_id || null;
  doc.active = values.active;
  return doc;
}

/** A subscription's name as the lists show it: its title, else its address. */
export const subscriptionName = (s: Pick<ReaderSubscriptionDoc, 'title' | 'url' | '_id'> | undefined | null) => s?.title?.trim() || s?.url || s?._id || '';

export function validateLabel(name: string): Errors {
  const n = name.trim();
  if (!n) return { name: v('cant-be-blank') };
  if (n.length > 100) return { name: v('is-too-long') };
  return {};
}

export function toLabelDocument(name: string, prev?: ReaderLabelDoc): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: 'ReaderLabel', kind: 'label' };
  delete doc.label;
  doc.name = name.trim();
  return doc;
}

/** The unread items of a label: its subscriptions' counts added. */
export function labelUnread(labelId: string, subscriptions: readonly ReaderSubscriptionDoc[] | undefined, unread: ReadonlyMap<string, number> | undefined): number {
  let total = 0;
  for (const s of subscriptions ?? []) if (s.reader_label_id === labelId) total += unread?.get(s._id) ?? 0;
  return total;
}
