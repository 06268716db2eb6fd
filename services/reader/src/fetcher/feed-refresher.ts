import { Injectable, Logger } from '@nestjs/common';
import { type FeedCredentials, klassOfId, withoutCredentials } from '@app/proto';
import { OutboundError } from '@app/platform';
import { MAX_FEED_BYTES, MAX_REDIRECTS, readerSettings } from '../common/reader-settings';
import type { Downloaded } from '../subscriptions/feed-discovery';
import { FeedCredentialsRepository } from '../subscriptions/feed-credentials.repository';
import { credentialsFor } from '../subscriptions/feed-credentials.rules';
import { FetchOutcome, FeedStateRepository } from '../subscriptions/feed-state.repository';
import { feedLinks, looksLikeHtml } from './discovery.rules';
import { FeedResponse, fetchFeed } from './feed-http';
import { decodeBody, entryOf, FeedParseError, ParsedEntry, ParsedFeed, type ReadFeed } from './feed-parse.rules';
import { loopYielder, readFeedInSlices } from './feed-slices';
import { HostLimiter } from './host-limiter';
import { FeedWriter } from './feed-writer';
import { nextCheck } from './schedule.rules';

// One refresh of one subscription: a conditional GET (the validators of the last answer), then nothing more on a 304,
// or the feed read and its new entries handed to the FeedWriter, which stores them with the state (and other feeds'
// in one transaction) while this job's slot fetches the next feed; every failure (no
// answer in time, an error status, a body too large, too many redirects, a private address, something that is not a
// feed) is counted on the subscription and pushes its next fetch back exponentially; a success resets the count.
// A feed address that turns out to be a page (an imported OPML names pages sometimes) is followed to the first feed
// the page names, kept as the state's feed_url. A new subscription's first fetch is the download its discovery made
// (storeDownloaded): stored as a fetch that has just happened, validators included. A subscription with credentials
// (reader.feed_credentials) signs in with HTTP Basic on their origin only; addresses and sites found in what was
// fetched are kept without userinfo.

const logger = new Logger('reader-fetcher');

export type RefreshResult = 'gone' | 'inactive' | 'not_due' | 'blocked' | 'not_modified' | 'fetched' | 'failed';

class FetchFailure extends Error {
  constructor(
    message: string,
    readonly response?: FeedResponse,
  ) {
    super(message);
  }
}

@Injectable()
export class FeedRefresher {
  private readonly hosts = new HostLimiter(readerSettings().perHostConcurrency);

  constructor(
    private readonly states: FeedStateRepository,
    private readonly credentials: FeedCredentialsRepository,
    private readonly writer: FeedWriter,
  ) {}

  /** `force`: asked by a person (refresh now): fetched even when inactive or not due (but never before a Retry-After). */
  async refresh(db: string, id: string, force = false): Promise<{ result: RefreshResult; entries: number }> {
    if (klassOfId(id) !== 'ReaderSubscription') return { result: 'gone', entries: 0 };
    const { sub, state } = await this.states.forFetch(db, id);
    if (!sub || !state) return { result: 'gone', entries: 0 };
    if (!force && sub.active === false) return { result: 'inactive', entries: 0 };
    const now = new Date();
    // a scheduled job that comes after the feed was fetched (by a refresh now, or by another copy) has nothing to do
    if (!force && state.next_check_at && Date.parse(state.next_check_at) > now.getTime()) return { result: 'not_due', entries: 0 };
    if (state.blocked_until && Date.parse(state.blocked_until) > now.getTime()) return { result: 'blocked', entries: 0 };
    const settings = readerSettings();
    const schedule = { intervalS: settings.refreshIntervalS, maxIntervalS: settings.maxIntervalS };
    const address = state.feed_url ?? String(sub.url);
    // sent to their own origin only (the subscription's address; a feed found elsewhere goes without them)
    const signIn = await this.credentials.of(db, id);
    let res: FeedResponse;
    let feed: ParsedFeed | null = null;
    let feedUrl = state.feed_url;
    const kept: FetchOutcome = {
      feed_url: state.feed_url,
      feed_title: state.feed_title,
      site_url: state.site_url,
      etag: state.etag,
      last_modified: state.last_modified,
      error_count: state.error_count,
      last_error: state.last_error,
      checked_at: now.toISOString(),
      next_check_at: state.next_check_at ?? now.toISOString(),
      blocked_until: null,
    };
    try {
      res = await this.get(address, state.etag, state.last_modified, settings.fetchTimeoutMs, credentialsFor(address, signIn));
      if (res.status !== 304) {
        if (res.status < 200 || res.status > 299) throw new FetchFailure(`the server answered ${res.status}`, res);
        const text = decodeBody(res.body, res.headers['content-type']);
        if (!state.feed_url && looksLikeHtml(res.headers['content-type'], text)) {
          // a page: its first feed is fetched instead, now and from now on
          const found = feedLinks(text, res.url)[0];
          if (!found) throw new FetchFailure('the address is a web page that names no feed');
          const link = withoutCredentials(found);
          res = await this.get(link, null, null, settings.fetchTimeoutMs, credentialsFor(link, signIn));
          if (res.status < 200 || res.status > 299) throw new FetchFailure(`the server answered ${res.status}`, res);
          feedUrl = link;
          feed = await readEntries(decodeBody(res.body, res.headers['content-type']), res.url, now);
        } else {
          feed = await readEntries(text, res.url, now);
        }
      }
    } catch (err) {
      const errorCount = state.error_count + 1;
      const response = err instanceof FetchFailure ? err.response : undefined;
      const next = nextCheck({ now, ok: false, errorCount, status: response?.status, headers: response?.headers }, schedule);
      if (!(err instanceof OutboundError || err instanceof FeedParseError || err instanceof FetchFailure)) {
        logger.error(`${db}/${id}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
      await this.writer.submit({
        db,
        subscriptionId: id,
        subscriptionTitle: '',
        entries: null,
        outcome: { ...kept, error_count: errorCount, last_error: describe(err), next_check_at: next.nextCheckAt.toISOString(), blocked_until: next.blockedUntil?.toISOString() ?? null },
      });
      return { result: 'failed', entries: 0 };
    }
    const next = nextCheck({ now, ok: true, errorCount: 0, status: res.status, headers: res.headers, ttlMinutes: feed?.ttl_minutes ?? null }, schedule);
    const outcome: FetchOutcome = { ...kept, error_count: 0, last_error: null, next_check_at: next.nextCheckAt.toISOString() };
    if (!feed) {
      await this.writer.submit({ db, subscriptionId: id, subscriptionTitle: '', entries: null, outcome });
      return { result: 'not_modified', entries: 0 };
    }
    Object.assign(outcome, {
      etag: res.headers.etag ?? null,
      last_modified: res.headers['last-modified'] ?? null,
      feed_title: feed.title,
      site_url: feed.site_url ? withoutCredentials(feed.site_url) : null,
      feed_url: feedUrl,
    });
    await this.writer.submit({ db, subscriptionId: id, subscriptionTitle: titleOf(sub, feed), entries: feed.entries, outcome });
    return { result: 'fetched', entries: feed.entries.length };
  }

  /**
   * The feed a new (or re-addressed) subscription's discovery downloaded, stored as this fetch would store it: its
   * entries (made a few at a time), the answer's validators (the next fetch is a conditional GET) and the next check
   * its headers and TTL ask for. Nothing is stored for a subscription that is gone or was fetched since.
   */
  async storeDownloaded(db: string, id: string, got: Downloaded): Promise<{ result: RefreshResult; entries: number }> {
    const { sub, state } = await this.states.forFetch(db, id);
    if (!sub || !state) return { result: 'gone', entries: 0 };
    if (state.checked_at) return { result: 'not_due', entries: 0 };
    const settings = readerSettings();
    const feed = await entriesOf(got.feed, got.fetchedAt, loopYielder());
    const next = nextCheck(
      { now: got.fetchedAt, ok: true, errorCount: 0, status: got.status, headers: got.headers, ttlMinutes: feed.ttl_minutes },
      { intervalS: settings.refreshIntervalS, maxIntervalS: settings.maxIntervalS },
    );
    const outcome: FetchOutcome = {
      feed_url: state.feed_url,
      feed_title: feed.title,
      site_url: feed.site_url ? withoutCredentials(feed.site_url) : null,
      etag: got.headers.etag ?? null,
      last_modified: got.headers['last-modified'] ?? null,
      error_count: 0,
      last_error: null,
      checked_at: got.fetchedAt.toISOString(),
      next_check_at: next.nextCheckAt.toISOString(),
      blocked_until: null,
    };
    await this.writer.submit({ db, subscriptionId: id, subscriptionTitle: titleOf(sub, feed), entries: feed.entries, outcome });
    return { result: 'fetched', entries: feed.entries.length };
  }

  private get(url: string, etag: string | null, lastModified: string | null, timeoutMs: number, credentials: FeedCredentials | null): Promise<FeedResponse> {
    let host = '';
    try {
      host = new URL(url).hostname;
    } catch {
      /* fetchFeed refuses it */
    }
    return this.hosts.run(host, () => fetchFeed(url, { etag, lastModified, timeoutMs, maxBytes: MAX_FEED_BYTES, maxRedirects: MAX_REDIRECTS, allowPrivate: readerSettings().allowPrivateUrls, credentials }));
  }
}

/** What the items of a subscription show as its title: its own (customised), else the feed's, else its address. */
function titleOf(sub: Record<string, unknown>, feed: ParsedFeed): string {
  return sub.customize_title === true && sub.title ? String(sub.title) : (feed.title ?? (sub.title as string | null) ?? String(sub.url));
}

/**
 * The feed read a slice at a time (feed-slices.ts), then its entries one by one, giving the event loop back every
 * SLICE_MS throughout: a large feed (10 MB of XML to read, of HTML to sanitize) must not stall the service's answers.
 */
async function readEntries(text: string, url: string, now: Date): Promise<ParsedFeed> {
  const pause = loopYielder();
  return entriesOf(await readFeedInSlices(text, url, pause), now, pause);
}

/** A read feed's entries as stored, made one by one with the event loop given back every SLICE_MS. */
async function entriesOf(feed: ReadFeed, now: Date, pause: () => Promise<void>): Promise<ParsedFeed> {
  const entries: ParsedEntry[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < feed.raw.length; i++) {
    const entry = entryOf(feed, i, now, seen);
    if (entry) entries.push(entry);
    await pause();
  }
  return { format: feed.format, title: feed.title, site_url: feed.site_url, ttl_minutes: feed.ttl_minutes, entries };
}

/** The sentence a subscription shows for its last failure. */
function describe(err: unknown): string {
  if (err instanceof OutboundError) {
    switch (err.code) {
      case 'private_address':
        return `refused: ${err.message} (set READER_ALLOW_PRIVATE_URLS=1 to fetch feeds on private networks)`;
      case 'too_large':
        return `refused: ${err.message}`;
      case 'timeout':
        return `no answer in time: ${err.message}`;
      case 'too_many_redirects':
        return `refused: ${err.message}`;
      default:
        return err.message;
    }
  }
  if (err instanceof FeedParseError || err instanceof FetchFailure) return err.message;
  return 'the feed could not be refreshed';
}
