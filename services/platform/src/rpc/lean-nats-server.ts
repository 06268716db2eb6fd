import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { connect, Msg, NatsConnection, Subscription } from 'nats';
import { isObservable, lastValueFrom } from 'rxjs';
import { batchNatsWrites } from './nats-write-batching';
import { natsOptions } from './nats-options';
import { isFirstPart, readParts, refusalError, ReplySender } from './reply-parts';
import { toWireError } from './rpc-exception.filter';

// The services' NATS transport: a queue-group subscription per @MessagePattern whose messages go straight to Nest's
// handler (with its pipes, guards and exception filters), answered in Nest's packet format ({id, response | err,
// isDisposed}, which RpcClient reads). Nest's own ServerNats does the same through a deserializer, a pattern lookup
// that JSON-parses the subject, a context object and an RxJS pipeline per message; on the hot path of every request
// that cost more than the handler's own work (bench/find, docs/benchmarks.md).

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** How long a request's parts may take to fetch from its caller. */
const REQUEST_PARTS_MS = 30_000;

interface Packet {
  id?: string;
  data?: unknown;
}

/** Times the handling of one subject's calls (platform/metrics RpcHandledMetrics). */
export interface RpcTimer {
  /** `errorKey` undefined: answered; else the error key of the answer */
  done(seconds: number, errorKey?: string): void;
}

/** The service's metrics as the server sees them: a timer per subject, and its registry answered on `subject`. */
export interface RpcServerMetrics {
  subject: string;
  timer(pattern: string): RpcTimer;
  render(): Promise<string>;
  /** the server closed: its process part is done with the metrics */
  close?(): void;
}

export interface LeanNatsServerOptions {
  servers: string[];
  queue: string;
  name?: string;
  metrics?: RpcServerMetrics;
}

export class LeanNatsServer extends Server implements CustomTransportStrategy {
  private nc?: NatsConnection;
  private sender?: ReplySender;
  private readonly subscriptions: Subscription[] = [];

  constructor(private readonly opts: LeanNatsServerOptions) {
    super();
  }

  async listen(callback: (err?: unknown) => void): Promise<void> {
    try {
      this.nc = await connect(natsOptions(this.opts.servers, this.opts.name ?? 'service'));
      batchNatsWrites(this.nc);
      this.sender = new ReplySender(this.nc);
      const { metrics } = this.opts;
      for (const [pattern, handler] of this.messageHandlers) {
        const timer = metrics?.timer(pattern);
        const sub = this.nc.subscribe(pattern, { queue: this.opts.queue, callback: (err, msg) => !err && void this.handle(handler, msg, timer) });
        this.subscriptions.push(sub);
      }
      // no queue group: every copy of the service answers a scrape with its own registry
      if (metrics) this.subscriptions.push(this.nc.subscribe(metrics.subject, { callback: (err, msg) => !err && void this.answerScrape(metrics, msg) }));
      callback();
    } catch (err) {
      callback(err);
    }
  }

  private async handle(handler: MessageHandler, msg: Msg, timer?: RpcTimer): Promise<void> {
    const started = performance.now();
    let packet: Packet;
    try {
      // a request larger than one message: its other parts are fetched from the caller first (reply-parts.ts)
      const data = isFirstPart(msg) ? await readParts(this.nc!, msg, { deadline: Date.now() + REQUEST_PARTS_MS }) : msg.data;
      packet = JSON.parse(decoder.decode(data)) as Packet;
    } catch (err) {
      const wire = toWireError(err);
      timer?.done((performance.now() - started) / 1000, wire.error);
      return this.reply(msg, { err: wire });
    }
    if (packet.id === undefined) return; // an event: none are used over plain NATS (changes go through JetStream)
    try {
      const result: unknown = await handler(packet.data, undefined);
      // a handler may return a value, a promise or an observable (Nest's exception filters answer with one)
      const response = isObservable(result) ? await lastValueFrom(result, { defaultValue: undefined }) : result;
      // this key order is what RpcClient.callRaw finds the response's bytes by
      this.reply(msg, { id: packet.id, isDisposed: true, response });
      timer?.done((performance.now() - started) / 1000);
    } catch (err) {
      const wire = toWireError(err);
      this.reply(msg, { id: packet.id, err: wire, isDisposed: true });
      timer?.done((performance.now() - started) / 1000, wire.error);
    }
  }

  private async answerScrape(metrics: RpcServerMetrics, msg: Msg): Promise<void> {
    try {
      // figures past the broker's message limit go in parts (reply-parts.ts); a refusal leaves this copy missing
      const refused = this.sender?.send(msg, encoder.encode(await metrics.render()));
      if (refused) this.logger.error(`metrics: answer refused (${refused})`);
    } catch (err) {
      this.logger.error(`metrics: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private reply(msg: Msg, packet: Record<string, unknown>): void {
    if (!msg.reply || !this.sender) return;
    try {
      const bytes = encoder.encode(JSON.stringify(packet));
      const refused = this.sender.send(msg, bytes);
      if (refused) {
        const err = refusalError(refused, bytes.byteLength);
        this.logger.warn(`${err.message} (${bytes.byteLength} bytes)`);
        this.sender.send(msg, encoder.encode(JSON.stringify({ id: packet.id, err: err.toWire(), isDisposed: true })));
      }
    } catch (err) {
      // JSON.stringify of a value too large for a string: answered as an error rather than left to the deadline
      this.logger.error(`cannot answer: ${err instanceof Error ? err.message : String(err)}`);
      this.sender.send(msg, encoder.encode(JSON.stringify({ id: packet.id, err: toWireError(err), isDisposed: true })));
    }
  }

  async close(): Promise<void> {
    for (const sub of this.subscriptions.splice(0)) sub.unsubscribe();
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
    this.opts.metrics?.close?.();
  }

  on(): never {
    throw new Error('LeanNatsServer has no events to listen to');
  }

  unwrap<T>(): T {
    if (!this.nc) throw new Error('LeanNatsServer is not listening');
    return this.nc as T;
  }
}
