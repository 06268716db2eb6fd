// The reader's settings from the environment (docs/running.md lists them). Read when used, so each fetch sees the
// value the process has (the e2e tests switch READER_ALLOW_PRIVATE_URLS off and on in the process they run).

function positive(value: string | undefined, dflt: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : dflt;
}

export interface ReaderSettings {
  /** feeds on private, loopback or link-local addresses are fetched (READER_ALLOW_PRIVATE_URLS=1; off by default) */
  allowPrivateUrls: boolean;
  /** how often a feed is fetched when its server asks nothing else, seconds (READER_REFRESH_INTERVAL_S, default 3600) */
  refreshIntervalS: number;
  /** the longest wait between two fetches of a feed, backoff included, seconds (READER_MAX_INTERVAL_S, default 86400) */
  maxIntervalS: number;
  /** how often the scheduler looks for due feeds, seconds (READER_SCHEDULER_EVERY_S, default 60) */
  schedulerEveryS: number;
  /** feeds fetched at once by one process (READER_FETCH_CONCURRENCY, default 50) */
  fetchConcurrency: number;
  /** requests at once to one host name (READER_PER_HOST_CONCURRENCY, default 2) */
  perHostConcurrency: number;
  /** one fetch's deadline, whole body included, ms (READER_FETCH_TIMEOUT_MS, default 20000) */
  fetchTimeoutMs: number;
  /** the fetcher runs in this process (READER_FETCHER=off leaves it to other copies) */
  fetcherOn: boolean;
  /** read, unstarred items older than this many days are removed daily (READER_KEEP_READ_DAYS, default 60; 0 keeps them) */
  keepReadDays: number;
}

export function readerSettings(env: NodeJS.ProcessEnv = process.env): ReaderSettings {
  return {
    allowPrivateUrls: env.READER_ALLOW_PRIVATE_URLS === '1' || env.READER_ALLOW_PRIVATE_URLS === 'true',
    refreshIntervalS: positive(env.READER_REFRESH_INTERVAL_S, 3600),
    maxIntervalS: positive(env.READER_MAX_INTERVAL_S, 86_400),
    schedulerEveryS: positive(env.READER_SCHEDULER_EVERY_S, 60),
    fetchConcurrency: Math.floor(positive(env.READER_FETCH_CONCURRENCY, 50)),
    perHostConcurrency: Math.floor(positive(env.READER_PER_HOST_CONCURRENCY, 2)),
    fetchTimeoutMs: positive(env.READER_FETCH_TIMEOUT_MS, 20_000),
    fetcherOn: env.READER_FETCHER !== 'off',
    keepReadDays: env.READER_KEEP_READ_DAYS === '0' ? 0 : positive(env.READER_KEEP_READ_DAYS, 60),
  };
}

/** The largest feed body read (spec: bounded; a larger one is an error of that feed). */
export const MAX_FEED_BYTES = 10 * 1024 * 1024;
/** Redirects followed per fetch. */
export const MAX_REDIRECTS = 5;
/** What the discovery of a new subscription may take, page and feed together (the API call waits for it). */
export const DISCOVERY_TIMEOUT_MS = 10_000;
/**
 * A subscription whose discovery downloaded its feed is not due for the fetcher until this many seconds later: its
 * entries are stored from that download right after it is created (which sets its next check); only if that never
 * happens (the process stopped) does the fetcher take it then.
 */
export const FIRST_STORE_GRACE_S = 300;
/** Entries read from one fetch of a feed (the newest first, as feeds list them). */
export const MAX_ENTRIES_PER_FETCH = 500;
