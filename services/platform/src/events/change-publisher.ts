import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { appPrefix, changeStream, type ChangeEvent, type ServiceName } from '@app/proto';
import { checkSchemaName } from '../store/document-tables';
import { ensureChangeStream } from './change-stream';
import { ACK_TIMEOUT_MS, JetStreamBatchPublisher } from './jetstream-batch';

// Sends the change events a service's DocumentStore writes to `<schema>.outbox` on to JetStream, in seq order, on
// `<prefix>.changes.<service>`, each with the message id `account_id:id:rev` so a re-send is dropped as a duplicate,
// and deletes a row once its publish is acknowledged (the transactional outbox: an event is never lost, and sent
// twice at most within the stream's duplicate window, i.e. once).
//
// One flush at a time: in a process flush() calls share one running loop, and across processes (copies of a service)
// a transaction-scoped advisory lock per schema lets only one of them publish, so events leave in seq order. A timer
// (every second by default) sends what a crash or an unreachable NATS left behind.

export interface PublisherLogger {
  error(message: string, err?: unknown): void;
}

export interface ChangePublisherOptions {
  pool: Pool;
  /** the service's Postgres schema, whose outbox table is read */
  schema: string;
  service: ServiceName;
  /** subject and stream prefix; APP_PREFIX by default */
  prefix?: string;
  /** how often leftovers are flushed; default 1000 ms; 0 turns the timer off */
  intervalMs?: number;
  /** rows per transaction; default 100 */
  batchSize?: number;
  /** how long a batch waits for its acks before the unacknowledged rows are left for later; default 5000 ms */
  ackTimeoutMs?: number;
  logger?: PublisherLogger;
}

const encoder = new TextEncoder();

export function changeMessageId(e: Pick<ChangeEvent, 'account_id' | 'id' | 'rev'>): string {
  return `${e.account_id}:${e.id}:${e.rev}`;
}

export class ChangePublisher {
  private readonly pool: Pool;
  private readonly outbox: string;
  private readonly lockKey: string;
  private readonly subject: string;
  private readonly prefix: string;
  private readonly batchSize: number;
  private readonly logger: PublisherLogger;
  private readonly timer?: NodeJS.Timeout;
  private readonly js: JetStreamBatchPublisher;
  private streamReady?: Promise<void>;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly nc: NatsConnection,
    opts: ChangePublisherOptions,
  ) {
    const schema = checkSchemaName(opts.schema);
    this.pool = opts.pool;
    this.outbox = `"${schema}"."outbox"`;
    this.lockKey = `outbox:${schema}`;
    this.prefix = opts.prefix ?? appPrefix();
    this.subject = changeStream(this.prefix).subject(opts.service);
    this.batchSize = opts.batchSize ?? 100;
    this.js = new JetStreamBatchPublisher(nc, opts.ackTimeoutMs ?? ACK_TIMEOUT_MS);
    this.logger = opts.logger ?? { error: (m, e) => console.error(m, e) };
    const interval = opts.intervalMs ?? 1000;
    if (interval > 0) {
      this.timer = setInterval(() => this.requestFlush(), interval);
      this.timer.unref();
    }
  }

  /**
   * Publishes every outbox row committed before the call (unless another process holds the outbox: then it
   * publishes them, or this one retries shortly). Rejects when NATS or Postgres fails; the rows stay for later.
   */
  flush(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.drain();
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** flush() without waiting; a failure is logged and left to the timer. Never throws. */
  requestFlush(): void {
    if (this.closed) return;
    this.flush().catch((e) => this.logger.error(`publishing change events to ${this.subject} failed`, e));
  }

  /** Stops the timer and waits for a running flush. The NATS connection and the pool stay open (they are the caller's). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    await this.running?.catch(() => undefined);
    this.js.close();
  }

  private ensureStream(): Promise<void> {
    this.streamReady ??= ensureChangeStream(this.nc, this.prefix).catch((e) => {
      this.streamReady = undefined;
      throw e;
    });
    return this.streamReady;
  }

  /** Publishes batches until the outbox is empty (or another process has the lock). */
  private async drain(): Promise<void> {
    await this.ensureStream();
    for (;;) {
      const result = await this.batch();
      if (result === 'locked') {
        // someone else is publishing; look again soon in case they missed a row committed just now
        if (!this.retry && !this.closed) {
          this.retry = setTimeout(() => {
            this.retry = undefined;
            this.requestFlush();
          }, 100);
          this.retry.unref();
        }
        return;
      }
      if (result < this.batchSize) return;
    }
  }

  private async batch(): Promise<number | 'locked'> {
    const c = await this.pool.connect();
    let broken: Error | undefined;
    // a connection PostgreSQL ends meanwhile: pg emits 'error' on the checked-out client (uncaught without a listener)
    const lost = (err: Error) => (broken = err);
    c.on('error', lost);
    let publishError: unknown;
    let count: number;
    try {
      await c.query('BEGIN');
      const { rows: lock } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS ok', [this.lockKey]);
      if (!lock[0].ok) {
        await c.query('COMMIT');
        return 'locked';
      }
      const { rows } = await c.query<{ seq: string; event: ChangeEvent }>(
        `SELECT seq, event FROM ${this.outbox} ORDER BY seq LIMIT $1`,
        [this.batchSize],
      );
      const published = await this.publish(rows);
      if (published.sent.length) await c.query(`DELETE FROM ${this.outbox} WHERE seq = ANY($1::bigint[])`, [published.sent]);
      await c.query('COMMIT');
      publishError = published.error;
      count = rows.length;
    } catch (e) {
      await c.query('ROLLBACK').catch((err: Error) => (broken = err));
      throw e;
    } finally {
      c.off('error', lost);
      c.release(broken);
    }
    if (publishError) {
      // the stream may be gone (a broker that lost its data: every publish answers "no responders"): the next flush
      // makes sure it exists again instead of failing until the service restarts
      this.streamReady = undefined;
      throw publishError;
    }
    return count;
  }

  /** Publishes rows in order (pipelined); returns the seqs acknowledged before the first failure. */
  private async publish(rows: { seq: string; event: ChangeEvent }[]): Promise<{ sent: string[]; error?: unknown }> {
    const messages = rows.map((r) => ({ data: encoder.encode(JSON.stringify(r.event)), msgId: changeMessageId(r.event) }));
    const { stored, error } = await this.js.publish(this.subject, messages);
    return { sent: rows.slice(0, stored).map((r) => r.seq), error };
  }
}
