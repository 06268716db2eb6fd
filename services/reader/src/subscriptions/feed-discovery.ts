import { AppError, type FeedCredentials, READER_MESSAGES, withoutCredentials } from '@app/proto';
import { DISCOVERY_TIMEOUT_MS, MAX_FEED_BYTES, MAX_REDIRECTS, readerSettings } from '../common/reader-settings';
import { feedLinks, looksLikeHtml } from '../fetcher/discovery.rules';
import { OutboundError } from '@app/platform';
import { FeedResponse, fetchFeed } from '../fetcher/feed-http';
import { decodeBody, FeedParseError, type ReadFeed } from '../fetcher/feed-parse.rules';
import { loopYielder, readFeedInSlices } from '../fetcher/feed-slices';
import { statusKey, unreachableKey } from './discovery-errors.rules';
import type { FeedStart } from './feed-state.repository';

// What a new (or re-addressed) subscription's address is: a feed, or a page naming feeds (its first readable one is
// taken). Fetched while the API call waits, within DISCOVERY_TIMEOUT_MS for page and feed together; a refusal is a
// field error on url (422), as a person typing the address expects. The feed is read a slice at a time (feed-slices.ts:
// a 9 MB feed held every group's calls for seconds), and what was downloaded is the subscription's first fetch
// (`first`): its entries are stored from it, with its validators for the next conditional GET, so the feed is not
// downloaded a second time (issue 26 #3, #4). The subscription's credentials (HTTP Basic) go to their own origin only;
// a feed a page names is kept without the userinfo its link may carry.

/** A feed as a fetch got it and read it, its entries not yet made items (FeedRefresher.storeDownloaded). */
export interface Downloaded {
  status: number;
  headers: FeedResponse['headers'];
  feed: ReadFeed;
  fetchedAt: Date;
}

export interface Discovered extends FeedStart {
  /** the feed's address: the one typed, or the one the page named */
  url: string;
  /** the page typed, else the feed's site */
  website_url: string | null;
  /** the feed as discovery downloaded and read it */
  first: Downloaded;
}

const refusal = (key: string) => new AppError('unprocessable_entity', { url: key });
const noFeed = () => refusal(READER_MESSAGES.noFeed);

/** The address fetched, or a field error saying what failed (discovery-errors.rules.ts). */
async function get(url: string, deadline: number, credentials: FeedCredentials | null): Promise<FeedResponse> {
  let res: FeedResponse;
  try {
    res = await fetchFeed(url, { timeoutMs: Math.max(1, deadline - Date.now()), maxBytes: MAX_FEED_BYTES, maxRedirects: MAX_REDIRECTS, allowPrivate: readerSettings().allowPrivateUrls, credentials });
  } catch (err) {
    if (err instanceof OutboundError) throw refusal(err.code === 'private_address' ? READER_MESSAGES.privateAddress : unreachableKey(err.code, err));
    throw err;
  }
  if (res.status < 200 || res.status > 299) throw refusal(statusKey(res.status));
  return res;
}

/** The feed of an answer, read a slice at a time (its entries are sanitized later, by storeDownloaded, in slices too). */
async function downloaded(res: FeedResponse, text: string): Promise<Downloaded> {
  const fetchedAt = new Date();
  return { status: res.status, headers: res.headers, feed: await readFeedInSlices(text, res.url, loopYielder()), fetchedAt };
}

/** The feed's site (its link), without userinfo. */
const siteOf = (got: Downloaded) => (got.feed.site_url ? withoutCredentials(got.feed.site_url) : null);

export async function discoverFeed(address: string, credentials: FeedCredentials | null = null): Promise<Discovered> {
  const deadline = Date.now() + DISCOVERY_TIMEOUT_MS;
  const first = await get(address, deadline, credentials);
  const text = decodeBody(first.body, first.headers['content-type']);
  if (!looksLikeHtml(first.headers['content-type'], text)) {
    try {
      const got = await downloaded(first, text);
      const site = siteOf(got);
      return { url: address, website_url: site, feed_url: null, feed_title: got.feed.title, site_url: site, first: got };
    } catch (err) {
      if (err instanceof FeedParseError) throw noFeed();
      throw err;
    }
  }
  // a page: the feeds it names, the first that reads (at most three tried)
  for (const link of feedLinks(text, first.url).slice(0, 3).map(withoutCredentials)) {
    try {
      const res = await get(link, deadline, credentials);
      const got = await downloaded(res, decodeBody(res.body, res.headers['content-type']));
      return { url: link, website_url: address, feed_url: null, feed_title: got.feed.title, site_url: siteOf(got), first: got };
    } catch (err) {
      if (!(err instanceof AppError) && !(err instanceof FeedParseError)) throw err;
    }
  }
  throw noFeed();
}
