// The settings of GET /metrics, read once at start (docs/running.md).

export interface MetricsConfig {
  /** METRICS_TOKEN: the bearer token a scraper sends; unset, only unproxied loopback requests may scrape */
  token?: string;
  /** METRICS_SCRAPE_WAIT_MS: how long a scrape waits for the services' copies to answer */
  scrapeWaitMs: number;
}

/** A token shorter than this is refused at start: /metrics shows the installation's traffic to whoever holds it. */
export const MIN_TOKEN_LENGTH = 16;

export function loadMetricsConfig(env: NodeJS.ProcessEnv = process.env): MetricsConfig {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH) throw new Error(`METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters`);
  const wait = Number(env.METRICS_SCRAPE_WAIT_MS || 1000);
  if (!Number.isInteger(wait) || wait < 100 || wait > 10_000) throw new Error('METRICS_SCRAPE_WAIT_MS must be a whole number of ms from 100 to 10000');
  return { token, scrapeWaitMs: wait };
}
