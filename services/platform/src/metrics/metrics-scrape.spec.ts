import { connect, NatsConnection } from 'nats';
import { KnownCopies, MetricsScraper, parseMetricsReply, ScrapeRound } from './metrics-scrape';
import { metricsSubject, ServiceMetrics } from './service-metrics';

// The scrape's bookkeeping (pure), then the scraper on the real NATS with raw subscriptions playing the copies of two
// services (answering as LeanNatsServer does, with ServiceMetrics' reply under instance names of their own).

describe('ScrapeRound', () => {
  it('is complete once every service answered and every expected copy is in', () => {
    const round = new ScrapeRound(['a', 'b'], new Map([['a', new Set(['a1', 'a2'])]]), 10);
    expect(round.add('a', 'a1')).toBe(true);
    expect(round.add('b', 'b1')).toBe(true);
    expect(round.complete()).toBe(false); // a2 was seen before and has not answered
    expect(round.counts()).toEqual({ answered: { a: 1, b: 1 }, missing: { a: 1, b: 0 } });
    expect(round.add('a', 'a2')).toBe(true);
    expect(round.complete()).toBe(true);
    expect(round.counts()).toEqual({ answered: { a: 2, b: 1 }, missing: { a: 0, b: 0 } });
  });

  it('refuses a service not asked, a copy twice and copies beyond the bound', () => {
    const round = new ScrapeRound(['a'], new Map(), 2);
    expect(round.add('z', 'z1')).toBe(false);
    expect(round.add('a', 'a1')).toBe(true);
    expect(round.add('a', 'a1')).toBe(false);
    expect(round.add('a', 'a2')).toBe(true);
    expect(round.add('a', 'a3')).toBe(false);
  });

  it('counts a service no copy of which answered as one missing', () => {
    const round = new ScrapeRound(['a', 'b'], new Map([['b', new Set(['b1', 'b2'])]]), 10);
    expect(round.counts().missing).toEqual({ a: 1, b: 2 });
  });
});

describe('KnownCopies', () => {
  it('expects the copies heard within forgetMs and forgets older ones', () => {
    const known = new KnownCopies(1000, 10);
    known.heard('a', 'a1', 0);
    known.heard('a', 'a2', 800);
    expect(known.expected(900).get('a')).toEqual(new Set(['a1', 'a2']));
    expect(known.expected(1500).get('a')).toEqual(new Set(['a2']));
  });

  it('remembers at most maxCopies copies per service', () => {
    const known = new KnownCopies(1000, 2);
    for (const i of ['a1', 'a2', 'a3']) known.heard('a', i, 0);
    expect(known.expected(0).get('a')).toEqual(new Set(['a1', 'a2']));
  });
});

describe('parseMetricsReply', () => {
  const bytes = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));
  it('reads a reply of a service asked and refuses anything else', () => {
    expect(parseMetricsReply(bytes({ service: 'a', instance: 'h:1', metrics: [] }), ['a'])).toEqual({ service: 'a', instance: 'h:1', metrics: [] });
    expect(parseMetricsReply(bytes({ service: 'z', instance: 'h:1', metrics: [] }), ['a'])).toBeUndefined();
    expect(parseMetricsReply(bytes({ service: 'a', metrics: [] }), ['a'])).toBeUndefined();
    expect(parseMetricsReply(bytes({ service: 'a', instance: 'h:1', metrics: {} }), ['a'])).toBeUndefined();
    expect(parseMetricsReply(bytes('{not json'), ['a'])).toBeUndefined();
  });
});

describe('MetricsScraper on NATS', () => {
  const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_metricsscrape`;
  const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  let nc: NatsConnection;
  let scraper: MetricsScraper;
  const metrics = new ServiceMetrics('alpha', prefix);
  const silent = new Set<string>();

  /** A raw subscription answering as the copy `instance` of `service` would (unless it is in `silent`). */
  function copy(service: string, instance: string): void {
    nc.subscribe(metricsSubject(service, prefix), {
      callback: (_e, msg) => {
        if (silent.has(instance)) return;
        void metrics.reply().then((r) => msg.respond(new TextEncoder().encode(JSON.stringify({ ...r, service, instance }))));
      },
    });
  }

  beforeAll(async () => {
    nc = await connect({ servers: natsUrl });
    copy('alpha', 'host-a:1');
    copy('alpha', 'host-a:2');
    copy('beta', 'host-b:1');
    await nc.flush();
    scraper = new MetricsScraper({ natsUrl, prefix, services: ['alpha', 'beta', 'gamma'], waitMs: 1500, settleMs: 100 });
  });

  afterAll(async () => {
    await scraper.close();
    await nc.drain();
  });

  it('collects every copy of every service, and counts a service without copies as missing', async () => {
    const result = await scraper.scrape();
    expect(result.replies.map((r) => r.instance).sort()).toEqual(['host-a:1', 'host-a:2', 'host-b:1']);
    expect(result.answered).toEqual({ alpha: 2, beta: 1, gamma: 0 });
    expect(result.missing).toEqual({ alpha: 0, beta: 0, gamma: 1 });
    const names = result.replies[0].metrics.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['nodejs_eventloop_lag_seconds', 'rpc_handled_seconds', 'pg_pool_connections']));
  });

  it('counts a copy that answered before and now stays silent as missing, and the others are still in', async () => {
    silent.add('host-a:2');
    const result = await scraper.scrape();
    expect(result.answered).toEqual({ alpha: 1, beta: 1, gamma: 0 });
    expect(result.missing).toEqual({ alpha: 1, beta: 0, gamma: 1 });
    silent.delete('host-a:2');
  });

  it('answers scrapes itself as a copy of the service it serves, on its own connection', async () => {
    await scraper.serve('gamma', async () => JSON.stringify({ ...(await metrics.reply()), service: 'gamma', instance: 'host-g:1' }));
    const result = await scraper.scrape();
    expect(result.answered).toEqual({ alpha: 2, beta: 1, gamma: 1 });
    expect(result.replies.find((r) => r.service === 'gamma')?.instance).toBe('host-g:1');
  });
});

describe('MetricsScraper: figures larger than one NATS message', () => {
  const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_metricsbig`;
  const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  let scraper: MetricsScraper;
  const metrics = new ServiceMetrics('delta', prefix);
  const rejections: unknown[] = [];
  const onRejection = (err: unknown) => rejections.push(err);

  beforeAll(() => process.on('unhandledRejection', onRejection));
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await scraper.close();
  });

  it('a copy whose figures pass 1 MB is read whole, and nothing rejects unhandled (the gateway died on it)', async () => {
    // 3 MB of figures: label values of a counter, as ordinary traffic grows them
    const reply = await metrics.reply();
    const big = { name: 'big_series', help: 'h', type: 'counter', aggregator: 'sum', values: Array.from({ length: 30_000 }, (_, i) => ({ value: i, labels: { route: `/r/${i}/${'x'.repeat(80)}` } })) };
    const text = JSON.stringify({ ...reply, service: 'delta', instance: 'host-d:1', metrics: [...reply.metrics, big] });
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    scraper = new MetricsScraper({ natsUrl, prefix, services: ['delta'], waitMs: 5000, settleMs: 50 });
    await scraper.serve('delta', () => Promise.resolve(text));
    const result = await scraper.scrape();
    expect(result.answered).toEqual({ delta: 1 });
    const series = result.replies[0].metrics.find((m) => m.name === 'big_series');
    expect(series?.values).toHaveLength(30_000);
    await new Promise((r) => setImmediate(r));
    expect(rejections).toEqual([]);
  });
});
