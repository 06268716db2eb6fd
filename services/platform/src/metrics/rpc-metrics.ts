import { Histogram, Registry } from 'prom-client';
import type { RpcOutcome, RpcRoundTrips } from '../rpc/rpc-client';
import type { RpcServerMetrics, RpcTimer } from '../rpc/lean-nats-server';
import { LATENCY_BUCKETS } from './metrics-registry';

// Label rules: a subject is labelled by its name without the run's prefix (`tickets.doc.find`, a fixed set from
// proto's Calls), a handled call by `ok` or its error key (proto's fixed catalogue), a round trip by its outcome.
// Nothing is ever labelled by a document, group, user or request id, so the number of series stays bounded.

/** The subject's name as a label: the pattern without `<prefix>.`; a pattern outside the prefix is kept whole. */
export function subjectLabel(pattern: string, prefix: string): string {
  return pattern.startsWith(`${prefix}.`) ? pattern.slice(prefix.length + 1) : pattern;
}

/** An error key as a label: the catalogue's keys are short snake_case words; anything else is one `other` series. */
export function statusLabel(errorKey: unknown): string {
  return typeof errorKey === 'string' && /^[a-z][a-z0-9_]{0,40}$/.test(errorKey) ? errorKey : 'other';
}

/** `rpc_handled_seconds{subject,status}`: the calls this service answered, timed from the message to the reply. */
export class RpcHandledMetrics {
  private readonly histogram: Histogram<'subject' | 'status'>;

  constructor(registry: Registry, private readonly prefix: string) {
    this.histogram = new Histogram({
      name: 'rpc_handled_seconds',
      help: 'NATS calls answered by this service, by subject and status (ok or the error key), seconds',
      labelNames: ['subject', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
  }

  /** The timer of one subject; its `ok` series is looked up once (the hot path skips the label hashing). */
  timer(pattern: string): RpcTimer {
    const subject = subjectLabel(pattern, this.prefix);
    const ok = this.histogram.labels({ subject, status: 'ok' });
    return {
      done: (seconds, errorKey) => (errorKey === undefined ? ok.observe(seconds) : this.histogram.labels({ subject, status: statusLabel(errorKey) }).observe(seconds)),
    };
  }
}

/** `rpc_client_seconds{subject,outcome}`: the round trips this process made with RpcClient, by outcome. */
export class RpcClientMetrics implements RpcRoundTrips {
  private readonly histogram: Histogram<'subject' | 'outcome'>;
  private readonly series = new Map<string, { observe(v: number): void }>();

  constructor(registry: Registry) {
    this.histogram = new Histogram({
      name: 'rpc_client_seconds',
      help: 'NATS round trips made by this process, by subject and outcome (reply, no_responders, timeout, unreachable), seconds',
      labelNames: ['subject', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
  }

  observe(name: string, seconds: number, outcome: RpcOutcome): void {
    // `name` is a call name of proto's Calls (typed at every call site), so the map holds at most calls × 4 entries
    const key = `${name} ${outcome}`;
    let series = this.series.get(key);
    if (!series) {
      series = this.histogram.labels({ subject: name, outcome });
      this.series.set(key, series);
    }
    series.observe(seconds);
  }
}

export type { RpcServerMetrics };
