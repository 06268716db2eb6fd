import { Logger } from '@nestjs/common';
import { connect, createInbox, Msg, NatsConnection } from 'nats';
import { MetricsReply, metricsSubject } from './service-metrics';
import { natsOptions } from '../rpc/nats-options';
import { isFirstPart, readParts, ReplySender } from '../rpc/reply-parts';

const logger = new Logger('metrics-scraper');
const encoder = new TextEncoder();

// The gateway's side of a scrape: one request to `<prefix>.metrics.<service>` per service, answered by every copy
// (plain subscriptions), replies collected on one inbox until all copies are in or the deadline passes.
//
// How many copies there are is not known in advance. The copies that answered a recent scrape are expected again; the
// round ends early once each service has answered and every expected copy is in (and `settleMs` has passed, so a copy
// that just started is not left out), else at the deadline. A copy expected but silent counts as missing; so does a
// service no copy of which answered. Copies unseen for `forgetMs` are no longer expected (scaled down, replaced).

export interface ScrapeOptions {
  natsUrl: string;
  prefix: string;
  services: readonly string[];
  /** the longest a scrape waits for replies */
  waitMs?: number;
  /** the shortest: copies that answer within it are always included */
  settleMs?: number;
  /** a copy not heard of for this long is forgotten */
  forgetMs?: number;
  /** replies read per service at most (copies beyond it are left out) */
  maxCopies?: number;
}

export interface ScrapeResult {
  replies: MetricsReply[];
  /** per service: copies that answered */
  answered: Record<string, number>;
  /** per service: expected copies that did not answer (or 1 when no copy answered at all) */
  missing: Record<string, number>;
}

/** The copies seen answering, per service, with when they last did. */
export class KnownCopies {
  private readonly seen = new Map<string, Map<string, number>>();

  constructor(
    private readonly forgetMs: number,
    private readonly maxCopies: number,
  ) {}

  /** The copies of each service expected to answer at `now`. */
  expected(now: number): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    for (const [service, copies] of this.seen) {
      for (const [instance, at] of copies) if (now - at > this.forgetMs) copies.delete(instance);
      out.set(service, new Set(copies.keys()));
    }
    return out;
  }

  heard(service: string, instance: string, now: number): void {
    const copies = this.seen.get(service) ?? new Map<string, number>();
    if (copies.size >= this.maxCopies && !copies.has(instance)) return;
    copies.set(instance, now);
    this.seen.set(service, copies);
  }
}

/** One scrape's bookkeeping: which copies answered, whether all expected ones did, who is missing. */
export class ScrapeRound {
  private readonly answered = new Map<string, Set<string>>();

  constructor(
    private readonly services: readonly string[],
    private readonly expected: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly maxCopies: number,
  ) {
    for (const s of services) this.answered.set(s, new Set());
  }

  /** Records a reply; false when it is not to be used (a service not asked, a copy already in, too many copies). */
  add(service: string, instance: string): boolean {
    const copies = this.answered.get(service);
    if (!copies || copies.has(instance) || copies.size >= this.maxCopies) return false;
    copies.add(instance);
    return true;
  }

  /** Every service answered and every expected copy is in. */
  complete(): boolean {
    for (const service of this.services) {
      const copies = this.answered.get(service)!;
      if (copies.size === 0) return false;
      for (const instance of this.expected.get(service) ?? []) if (!copies.has(instance)) return false;
    }
    return true;
  }

  counts(): Pick<ScrapeResult, 'answered' | 'missing'> {
    const answered: Record<string, number> = {};
    const missing: Record<string, number> = {};
    for (const service of this.services) {
      const copies = this.answered.get(service)!;
      answered[service] = copies.size;
      const silent = [...(this.expected.get(service) ?? [])].filter((i) => !copies.has(i)).length;
      missing[service] = copies.size === 0 ? Math.max(1, silent) : silent;
    }
    return { answered, missing };
  }
}

/** A well-formed reply of a service that was asked, or undefined. */
export function parseMetricsReply(data: Uint8Array, services: readonly string[]): MetricsReply | undefined {
  try {
    const reply = JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8')) as Partial<MetricsReply>;
    if (typeof reply.service !== 'string' || !services.includes(reply.service)) return undefined;
    if (typeof reply.instance !== 'string' || !Array.isArray(reply.metrics)) return undefined;
    return reply as MetricsReply;
  } catch {
    return undefined;
  }
}

export class MetricsScraper {
  private nc?: Promise<NatsConnection>;
  private readonly known: KnownCopies;
  private readonly waitMs: number;
  private readonly settleMs: number;
  private readonly maxCopies: number;

  constructor(private readonly opts: ScrapeOptions) {
    this.waitMs = opts.waitMs ?? 1000;
    this.settleMs = Math.min(opts.settleMs ?? 200, this.waitMs);
    this.maxCopies = opts.maxCopies ?? 64;
    this.known = new KnownCopies(opts.forgetMs ?? 10 * 60_000, this.maxCopies);
  }

  private connection(): Promise<NatsConnection> {
    this.nc ??= connect(natsOptions(this.opts.natsUrl, 'metrics-scraper')).catch((err: unknown) => {
      this.nc = undefined; // the next scrape tries again
      throw err;
    });
    return this.nc;
  }

  /**
   * Answers scrapes as a copy of `service` on this connection (the gateway: each of its copies answers the others, so
   * whichever copy Prometheus asks returns every copy's figures).
   */
  async serve(service: string, render: () => Promise<string>): Promise<void> {
    const nc = await this.connection();
    const sender = new ReplySender(nc);
    nc.subscribe(metricsSubject(service, this.opts.prefix), {
      callback: (err, msg) => {
        if (err) return;
        // figures past the broker's message limit go in parts (reply-parts.ts); a respond() that threw inside this
        // .then once ended the gateway (an unhandled rejection)
        render()
          .then((text) => {
            const refused = sender.send(msg, encoder.encode(text));
            if (refused) logger.error(`metrics: answer refused (${refused})`);
          })
          .catch((e: unknown) => logger.error(`metrics: ${e instanceof Error ? e.message : String(e)}`));
      },
    });
    await nc.flush();
  }

  async scrape(): Promise<ScrapeResult> {
    const nc = await this.connection();
    const { services } = this.opts;
    const started = Date.now();
    const round = new ScrapeRound(services, this.known.expected(started), this.maxCopies);
    const replies: MetricsReply[] = [];
    const inbox = createInbox();

    return new Promise<ScrapeResult>((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        clearTimeout(settled);
        sub.unsubscribe();
        resolve({ replies, ...round.counts() });
      };
      const onReply = (msg: Msg) => {
        if (msg.headers?.hasError) return; // "no responders": no copy of that service runs
        if (isFirstPart(msg)) {
          // a copy whose figures pass one message: the rest is fetched from it within the scrape's deadline
          readParts(nc, msg, { deadline: started + this.waitMs }).then(
            (data) => !done && onData(data),
            (e: unknown) => logger.warn(`metrics: ${e instanceof Error ? e.message : String(e)}`),
          );
          return;
        }
        onData(msg.data);
      };
      const onData = (data: Uint8Array) => {
        const reply = parseMetricsReply(data, services);
        if (!reply || !round.add(reply.service, reply.instance)) return;
        this.known.heard(reply.service, reply.instance, Date.now());
        replies.push(reply);
        if (Date.now() - started >= this.settleMs && round.complete()) finish();
      };
      const sub = nc.subscribe(inbox, { max: services.length * this.maxCopies, callback: (err, msg) => !err && onReply(msg) });
      const deadline = setTimeout(finish, this.waitMs);
      const settled = setTimeout(() => round.complete() && finish(), this.settleMs);
      for (const service of services) nc.publish(metricsSubject(service, this.opts.prefix), undefined, { reply: inbox });
    });
  }

  async close(): Promise<void> {
    const nc = await this.nc?.catch(() => undefined);
    this.nc = undefined;
    await nc?.drain().catch(() => undefined);
  }
}
