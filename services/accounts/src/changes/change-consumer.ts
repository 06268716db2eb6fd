import { AckPolicy, DeliverPolicy, nanos, type ConsumerConfig, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { appPrefix, ChangeEvent, changesLoggedSubject, changeStream, isLiveAccountId } from '@app/proto';
import { ensureChangeStream } from '@app/platform';
import { loggedAnnouncements, type LoggedChange } from './change.rules';
import type { ChangesRepository } from './changes.repository';

// The durable JetStream pull consumer that turns every service's change events into the accounts change feed
// (DESIGN: events and the change feed). Messages arrive through `consume()` into a buffer; one loop applies what is
// buffered as one batch (one transaction) and acks the batch after the commit. A batch that fails is retried event
// by event, so one bad event cannot hold the others back; a malformed event is dropped (term). Copies of the service
// share the durable consumer (each message goes to one of them) and the repository keeps the result exact.
// After each commit the rows it added are announced per account on core NATS (`<prefix>.changes-logged.<account>`,
// proto live.ts) for the gateway's live streams: fire and forget, as a stream that misses one reads the log itself.

export interface ConsumerLogger {
  error(message: string): void;
  warn(message: string): void;
}

export interface ChangeConsumerOptions {
  prefix?: string;
  /** events per transaction; default 200 */
  batchSize?: number;
  /** how long the server waits for an ack before redelivering; default 10 s */
  ackWaitMs?: number;
  logger?: ConsumerLogger;
  /** told the rows of each commit after it (the Free-plan limit check); must return at once and not throw */
  onLogged?: (logged: LoggedChange[]) => void;
}

/** `<prefix>_accounts_changes`: the durable consumer's name (NATS names take no dots). */
export function consumerName(prefix = appPrefix()): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}_accounts_changes`;
}

/** After this many deliveries an event that keeps failing is given up (logged), so it cannot loop for ever. */
export const MAX_DELIVERIES = 20;

interface RequestSchemaLike {
  safeParse(data: unknown): { success: true; data: ChangeEvent } | { success: false };
}

export class ChangeConsumer {
  private readonly prefix: string;
  private readonly batchSize: number;
  private readonly ackWaitMs: number;
  private readonly logger: ConsumerLogger;
  private readonly onLogged?: (logged: LoggedChange[]) => void;
  private messages?: ConsumerMessages;
  private buffer: JsMsg[] = [];
  private draining: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly repo: Pick<ChangesRepository, 'record'>,
    opts: ChangeConsumerOptions = {},
  ) {
    this.prefix = opts.prefix ?? appPrefix();
    this.batchSize = opts.batchSize ?? 200;
    this.ackWaitMs = opts.ackWaitMs ?? 10_000;
    this.logger = opts.logger ?? { error: (m) => console.error(m), warn: (m) => console.warn(m) };
    this.onLogged = opts.onLogged;
  }

  /** Creates the stream and the durable consumer when missing, then starts consuming. */
  async start(): Promise<void> {
    await ensureChangeStream(this.nc, this.prefix);
    const stream = changeStream(this.prefix);
    const name = consumerName(this.prefix);
    const config: Partial<ConsumerConfig> = {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${this.prefix}.changes.>`,
      ack_wait: nanos(this.ackWaitMs),
      max_ack_pending: 2000,
      max_deliver: -1,
    };
    const jsm = await this.nc.jetstreamManager();
    try {
      await jsm.consumers.info(stream.name, name);
    } catch {
      try {
        await jsm.consumers.add(stream.name, config);
      } catch (e) {
        await jsm.consumers.info(stream.name, name).catch(() => {
          throw e; // not created by a concurrent copy either
        });
      }
    }
    const consumer = await this.nc.jetstream().consumers.get(stream.name, name);
    this.messages = await consumer.consume({ max_messages: 500, callback: (m) => this.receive(m) });
  }

  /** Stops pulling, finishes the batch in hand and hands what is still buffered back to the server (nak). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await this.draining?.catch(() => undefined);
    for (const m of this.buffer.splice(0)) m.nak();
  }

  private receive(m: JsMsg): void {
    if (this.stopped) {
      m.nak();
      return;
    }
    this.buffer.push(m);
    this.kick();
  }

  private kick(): void {
    if (this.draining || this.stopped) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.buffer.length) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.buffer.length && !this.stopped) {
      await new Promise((r) => setImmediate(r)); // let the callbacks of messages already received fill the batch
      const batch = this.buffer.splice(0, this.batchSize);
      await this.handle(batch);
    }
  }

  private async handle(batch: JsMsg[]): Promise<void> {
    const good: Array<{ m: JsMsg; e: ChangeEvent }> = [];
    for (const m of batch) {
      const e = parseEvent(m);
      if (e) good.push({ m, e });
      else {
        this.logger.warn(`dropping a malformed change event (stream seq ${m.seq}) on ${m.subject}`);
        m.term();
      }
    }
    if (!good.length) return;
    try {
      const logged = await this.repo.record(good.map((g) => g.e));
      for (const g of good) g.m.ack();
      this.announce(logged);
      return;
    } catch (err) {
      this.logger.error(`applying ${good.length} change events failed, retrying one by one: ${errText(err)}`);
    }
    for (const g of good) {
      try {
        const logged = await this.repo.record([g.e]);
        g.m.ack();
        this.announce(logged);
      } catch (err) {
        if (g.m.info.deliveryCount >= MAX_DELIVERIES) {
          this.logger.error(`giving up change event ${g.e.account_id}:${g.e.id}:${g.e.rev} after ${g.m.info.deliveryCount} deliveries: ${errText(err)}`);
          g.m.term();
        } else {
          g.m.nak(1000);
        }
      }
    }
  }

  /** Publishes the rows just committed; a group id that cannot be a subject token (never made by accounts) is skipped. */
  private announce(logged: LoggedChange[]): void {
    if (!logged.length) return;
    try {
      this.onLogged?.(logged);
    } catch (err) {
      this.logger.warn(`after logging ${logged.length} changes: ${errText(err)}`);
    }
    for (const a of loggedAnnouncements(logged)) {
      if (!isLiveAccountId(a.account_id)) continue;
      try {
        this.nc.publish(changesLoggedSubject(this.prefix, a.account_id), JSON.stringify(a));
      } catch (err) {
        this.logger.warn(`announcing ${a.changes.length} logged changes of ${a.account_id} failed: ${errText(err)}`);
      }
    }
  }
}

let eventSchema: RequestSchemaLike | undefined;

function parseEvent(m: JsMsg): ChangeEvent | null {
  eventSchema ??= ChangeEvent as unknown as RequestSchemaLike;
  let data: unknown;
  try {
    data = m.json();
  } catch {
    return null;
  }
  const parsed = eventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

function errText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
