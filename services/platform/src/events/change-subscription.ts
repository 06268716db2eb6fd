import { AckPolicy, ConsumerEvents, DeliverPolicy, nanos, type ConsumerConfig, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { appPrefix, ChangeEvent, changeStream, type ServiceName } from '@app/proto';
import { ensureChangeStream } from './change-stream';

// Work a service does because of its own (or another service's) writes, made durable by the change stream: a durable
// JetStream consumer of one service's change events that hands each event to a handler and acknowledges it only when
// the handler has finished. A process that dies mid-work (kill -9) never acknowledges; the server delivers the event
// again once the ack wait has passed, to this copy when it is back or to another one. Handlers must therefore be
// idempotent. While a handler works it calls `touch()`, which tells the server it is still busy (so a long job is not
// delivered twice) and throws once the subscription is stopping (the event is then handed back, not lost).

export interface SubscriptionLogger {
  error(message: string): void;
  warn(message: string): void;
}

export interface ChangeSubscriptionOptions {
  /** what the work is, e.g. `tickets_copied_names`: with the prefix, the durable consumer's name */
  name: string;
  /** whose change events are read (`<prefix>.changes.<service>`) */
  service: ServiceName;
  prefix?: string;
  /** how long the server waits for an ack (or a touch) before delivering again; default 10 s */
  ackWaitMs?: number;
  /** events handled at once; default 20 */
  maxInFlight?: number;
  /**
   * how long one pull waits for messages (nats.js's `expires`, default 30 s, at least 1 s): its heartbeats, at half of
   * it, are how soon a deleted stream or consumer is noticed and made again
   */
  pullExpiresMs?: number;
  logger?: SubscriptionLogger;
}

/** Handed to a handler: call touch() now and then during long work. */
export interface WorkInProgress {
  touch(): void;
}

export type ChangeHandler = (event: ChangeEvent, work: WorkInProgress) => Promise<void>;

/** What touch() throws once the subscription stops: the event goes back to the server. */
export class SubscriptionStopped extends Error {
  constructor() {
    super('the change subscription is stopping');
  }
}

/** After this many deliveries an event whose handler keeps failing is given up (logged). */
export const MAX_HANDLER_DELIVERIES = 20;

export class ChangeSubscription {
  private readonly prefix: string;
  private readonly ackWaitMs: number;
  private readonly maxInFlight: number;
  private readonly logger: SubscriptionLogger;
  private messages?: ConsumerMessages;
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly handler: ChangeHandler,
    private readonly opts: ChangeSubscriptionOptions,
  ) {
    this.prefix = opts.prefix ?? appPrefix();
    this.ackWaitMs = opts.ackWaitMs ?? 10_000;
    this.maxInFlight = opts.maxInFlight ?? 20;
    this.logger = opts.logger ?? { error: (m) => console.error(m), warn: (m) => console.warn(m) };
  }

  /** `<prefix>_<name>` (NATS names take no dots). */
  get durableName(): string {
    return `${this.prefix}_${this.opts.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  }

  /** Creates the stream and the durable consumer when missing (from the stream's start), then starts handling. */
  async start(): Promise<void> {
    await this.ensureConsumer();
    const stream = changeStream(this.prefix);
    const consumer = await this.nc.jetstream().consumers.get(stream.name, this.durableName);
    const messages = await consumer.consume({ max_messages: this.maxInFlight, expires: this.opts.pullExpiresMs, callback: (m) => this.receive(m) });
    this.messages = messages;
    void this.watch(messages);
  }

  /**
   * A stream or consumer deleted under a running subscription (a broker that lost its data, an operator's mistake):
   * nats.js keeps pulling and says so, and resumes once they exist again, so they are made again here (the consumer
   * from the stream's start: the stream is new, and an event handled twice is fine, handlers being idempotent).
   */
  private async watch(messages: ConsumerMessages): Promise<void> {
    const missing = new Set<string>([ConsumerEvents.ConsumerNotFound, ConsumerEvents.StreamNotFound, ConsumerEvents.ConsumerDeleted]);
    try {
      for await (const status of await messages.status()) {
        if (this.stopped || !missing.has(status.type)) continue;
        await this.ensureConsumer().catch((err) => this.logger.error(`${this.durableName}: making the consumer again failed: ${errText(err)}`));
      }
    } catch (err) {
      if (!this.stopped) this.logger.error(`${this.durableName}: ${errText(err)}`);
    }
  }

  private async ensureConsumer(): Promise<void> {
    await ensureChangeStream(this.nc, this.prefix);
    const stream = changeStream(this.prefix);
    const config: Partial<ConsumerConfig> = {
      durable_name: this.durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: stream.subject(this.opts.service),
      ack_wait: nanos(this.ackWaitMs),
      max_ack_pending: this.maxInFlight,
      max_deliver: -1,
    };
    const jsm = await this.nc.jetstreamManager();
    // adding an existing durable with the same config is a no-op; another copy may be adding it at the same moment
    await jsm.consumers.add(stream.name, config).catch(async (e) => {
      await jsm.consumers.info(stream.name, this.durableName).catch(() => {
        throw e;
      });
    });
  }

  /** Stops pulling and waits for the handlers at work (their touch() throws, so they end soon and hand events back). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  private receive(m: JsMsg): void {
    if (this.stopped) {
      m.nak();
      return;
    }
    // handle() settles ack or nak itself; what is left (e.g. the connection closed meanwhile) the server redelivers
    const job = this.handle(m)
      .catch((err) => this.logger.error(`${this.durableName}: ${errText(err)}`))
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  private async handle(m: JsMsg): Promise<void> {
    const parsed = ChangeEvent.safeParse(safeJson(m));
    if (!parsed.success) {
      this.logger.warn(`${this.durableName}: dropping a malformed change event (stream seq ${m.seq})`);
      m.term();
      return;
    }
    let touched = Date.now();
    const work: WorkInProgress = {
      touch: () => {
        if (this.stopped) throw new SubscriptionStopped();
        if (Date.now() - touched < this.ackWaitMs / 4) return;
        touched = Date.now();
        m.working();
      },
    };
    try {
      await this.handler(parsed.data, work);
      m.ack();
    } catch (err) {
      const e = parsed.data;
      if (this.stopped) m.nak();
      else if (m.info.deliveryCount >= MAX_HANDLER_DELIVERIES) {
        this.logger.error(`${this.durableName}: giving up ${e.account_id}:${e.id}:${e.rev} after ${m.info.deliveryCount} deliveries: ${errText(err)}`);
        m.term();
      } else {
        this.logger.error(`${this.durableName}: ${e.account_id}:${e.id}:${e.rev} failed, delivered again shortly: ${errText(err)}`);
        m.nak(1000);
      }
    }
  }
}

function safeJson(m: JsMsg): unknown {
  try {
    return m.json();
  } catch {
    return null;
  }
}

function errText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
