import type { FeedCredentials } from '@app/proto';
import { safeFetch, type SafeFetchResult } from '@app/platform';

// One GET of a feed or a page through the platform's bounded client (safeFetch: one deadline for the whole exchange,
// the body's bytes counted after decompression, redirects checked hop by hop, private addresses refused unless
// allowed; failures are OutboundError with a code), with what a feed reader sends: its Accept and the validators of
// the last answer (a conditional GET). A subscription's credentials (HTTP Basic, kept apart from its address) go to
// their origin only: safeFetch drops them on a redirect to another one.

export interface FeedRequest {
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowPrivate: boolean;
  credentials?: FeedCredentials | null;
}

export type FeedResponse = SafeFetchResult;

const ACCEPT = 'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5';

export function fetchFeed(url: string, req: FeedRequest): Promise<FeedResponse> {
  const headers: Record<string, string> = { accept: ACCEPT };
  if (req.etag) headers['if-none-match'] = req.etag;
  if (req.lastModified) headers['if-modified-since'] = req.lastModified;
  return safeFetch(url, { allowPrivate: req.allowPrivate, timeoutMs: req.timeoutMs, maxBytes: req.maxBytes, maxRedirects: req.maxRedirects, headers, basicAuth: req.credentials ?? null });
}
