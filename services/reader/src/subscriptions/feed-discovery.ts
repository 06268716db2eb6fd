import { AppError, READER_MESSAGES } from '@app/proto';
import { DISCOVERY_TIMEOUT_MS, MAX_FEED_BYTES, MAX_REDIRECTS, readerSettings } from '../common/reader-settings';
import { feedLinks, looksLikeHtml } from '../fetcher/discovery.rules';
import { OutboundError } from '@app/platform';
import { FeedResponse, fetchFeed } from '../fetcher/feed-http';
import { decodeBody, FeedParseError, parseFeedText } from '../fetcher/feed-parse.rules';
import type { FeedStart } from './feed-state.repository';

// What a new (or re-addressed) subscription's address is: a feed, or a page naming feeds (its first readable one is
// taken). Fetched while the API call waits, within DISCOVERY_TIMEOUT_MS for page and feed together; a refusal is a
// field error on url (422), as a person typing the address expects.

export interface Discovered extends FeedStart {
  /** the feed's address: the one typed, or the one the page named */
  url: string;
  /** the page typed, else the feed's site */
  website_url: string | null;
}

const unreachable = () => new AppError('unprocessable_entity', { url: READER_MESSAGES.unreachable });
const noFeed = () => new AppError('unprocessable_entity', { url: READER_MESSAGES.noFeed });

async function get(url: string, deadline: number): Promise<FeedResponse> {
  try {
    const res = await fetchFeed(url, { timeoutMs: Math.max(1, deadline - Date.now()), maxBytes: MAX_FEED_BYTES, maxRedirects: MAX_REDIRECTS, allowPrivate: readerSettings().allowPrivateUrls });
    if (res.status < 200 || res.status > 299) throw unreachable();
    return res;
  } catch (err) {
    if (err instanceof OutboundError) throw err.code === 'private_address' ? new AppError('unprocessable_entity', { url: READER_MESSAGES.privateAddress }) : unreachable();
    throw err;
  }
}

export async function discoverFeed(address: string): Promise<Discovered> {
  const deadline = Date.now() + DISCOVERY_TIMEOUT_MS;
  const first = await get(address, deadline);
  const text = decodeBody(first.body, first.headers['content-type']);
  if (!looksLikeHtml(first.headers['content-type'], text)) {
    try {
      const feed = parseFeedText(text, first.url, new Date());
      return { url: address, website_url: feed.site_url, feed_url: null, feed_title: feed.title, site_url: feed.site_url };
    } catch (err) {
      if (err instanceof FeedParseError) throw noFeed();
      throw err;
    }
  }
  // a page: the feeds it names, the first that reads (at most three tried)
  for (const link of feedLinks(text, first.url).slice(0, 3)) {
    try {
      const res = await get(link, deadline);
      const feed = parseFeedText(decodeBody(res.body, res.headers['content-type']), res.url, new Date());
      return { url: link, website_url: address, feed_url: null, feed_title: feed.title, site_url: feed.site_url };
    } catch (err) {
      if (!(err instanceof AppError) && !(err instanceof FeedParseError)) throw err;
    }
  }
  throw noFeed();
}
