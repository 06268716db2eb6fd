import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { closeMetricsRegistry, createMetricsRegistry, instanceName, MetricsReply, MetricsScraper, RpcClient, RpcClientMetrics, watchQueueDepths } from '@app/platform';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { SERVED_SERVICES } from '../documents/doc-router';
import { QueueBoard } from '../queues/queue-board';
import { HttpMetrics } from './http-metrics';
import { loadMetricsConfig, MetricsConfig } from './metrics-config';
import { mergeExpositions } from './metrics-merge';

// The gateway's own registry (Node's defaults, its HTTP requests, its NATS round trips, the job queues' depths) and
// the scrape of every service copy over NATS, merged into GET /metrics. The gateway's copies answer scrapes too
// (`<prefix>.metrics.gateway`), so one scrape of any copy holds every copy's figures: Prometheus needs one target, and
// scraping two copies would only repeat the same series. This copy's own registry is read directly (its scrape gauges
// are set by this very scrape), its answer over NATS left out.

const GATEWAY = 'gateway';

@Injectable()
export class GatewayMetrics implements OnModuleInit, OnApplicationShutdown {
  readonly settings: MetricsConfig;
  readonly registry: Registry;
  readonly http: HttpMetrics;
  private readonly rpcMetrics: RpcClientMetrics;
  private readonly scraper: MetricsScraper;
  // labelled `target`: `service` is the default label of every series (here `gateway`)
  private readonly answered: Gauge<'target'>;
  private readonly missing: Gauge<'target'>;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly rpc: RpcClient,
    queues: QueueBoard,
  ) {
    this.settings = loadMetricsConfig();
    this.registry = createMetricsRegistry('gateway');
    this.http = new HttpMetrics(this.registry);
    this.rpcMetrics = new RpcClientMetrics(this.registry);
    watchQueueDepths(this.registry, queues.jobs.queues);
    this.answered = new Gauge({
      name: 'metrics_scrape_answered_copies',
      help: 'Copies of the service (target) that answered the last scrape',
      labelNames: ['target'],
      registers: [this.registry],
    });
    this.missing = new Gauge({
      name: 'metrics_scrape_missing_copies',
      help: 'Copies of the service (target) seen in recent scrapes that did not answer the last one in time (1 when no copy answered)',
      labelNames: ['target'],
      registers: [this.registry],
    });
    this.scraper = new MetricsScraper({ natsUrl: config.natsUrl, prefix: config.prefix, services: [GATEWAY, ...SERVED_SERVICES], waitMs: this.settings.scrapeWaitMs });
  }

  async onModuleInit(): Promise<void> {
    this.rpc.observeWith(this.rpcMetrics);
    await this.scraper.serve(GATEWAY, async () => JSON.stringify(await this.reply()));
  }

  private async reply(): Promise<MetricsReply> {
    return { service: GATEWAY, instance: instanceName(), metrics: await this.registry.getMetricsAsJSON() };
  }

  /** Every copy's metrics and the gateway's, as one Prometheus text exposition. */
  async render(): Promise<string> {
    const scrape = await this.scraper.scrape();
    for (const [target, n] of Object.entries(scrape.answered)) this.answered.set({ target }, n);
    for (const [target, n] of Object.entries(scrape.missing)) this.missing.set({ target }, n);
    const me = instanceName();
    const others = scrape.replies.filter((r) => !(r.service === GATEWAY && r.instance === me));
    return mergeExpositions([await this.registry.getMetricsAsJSON(), ...others.map((r) => r.metrics)]);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.scraper.close();
    closeMetricsRegistry(this.registry);
  }
}
