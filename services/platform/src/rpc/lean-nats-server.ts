import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { connect, Msg, NatsConnection, Subscription } from 'nats';
import { isObservable, lastValueFrom } from 'rxjs';
import { batchNatsWrites } from './nats-write-batching';
import { toWireError } from './rpc-exception.filter';

// The services' NATS transport: a queue-group subscription per @MessagePattern whose messages go straight to Nest's
// handler (with its pipes, guards and exception filters), answered in Nest's packet format ({id, response | err,
// isDisposed}, which RpcClient reads). Nest's own ServerNats does the same through a deserializer, a pattern lookup
// that JSON-parses the subject, a context object and an RxJS pipeline per message; on the hot path of every request
// that cost more than the handler's own work (bench/find, docs/benchmarks.md).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface Packet {
  id?: string;
  data?: unknown;
}

export interface LeanNatsServerOptions {
  servers: string[];
  queue: string;
  name?: string;
}

export class LeanNatsServer extends Server implements CustomTransportStrategy {
  private nc?: NatsConnection;
  private readonly subscriptions: Subscription[] = [];

  constructor(private readonly opts: LeanNatsServerOptions) {
    super();
  }

  async listen(callback: (err?: unknown) => void): Promise<void> {
    try {
      this.nc = await connect({ servers: this.opts.servers, name: this.opts.name });
      batchNatsWrites(this.nc);
      for (const [pattern, handler] of this.messageHandlers) {
        const sub = this.nc.subscribe(pattern, { queue: this.opts.queue, callback: (err, msg) => !err && void this.handle(handler, msg) });
        this.subscriptions.push(sub);
      }
      callback();
    } catch (err) {
      callback(err);
    }
  }

  private async handle(handler: MessageHandler, msg: Msg): Promise<void> {
    let packet: Packet;
    try {
      packet = JSON.parse(decoder.decode(msg.data)) as Packet;
    } catch (err) {
      return this.reply(msg, { err: toWireError(err) });
    }
    if (packet.id === undefined) return; // an event: none are used over plain NATS (changes go through JetStream)
    try {
      const result: unknown = await handler(packet.data, undefined);
      // a handler may return a value, a promise or an observable (Nest's exception filters answer with one)
      const response = isObservable(result) ? await lastValueFrom(result, { defaultValue: undefined }) : result;
      // this key order is what RpcClient.callRaw finds the response's bytes by
      this.reply(msg, { id: packet.id, isDisposed: true, response });
    } catch (err) {
      this.reply(msg, { id: packet.id, err: toWireError(err), isDisposed: true });
    }
  }

  private reply(msg: Msg, packet: Record<string, unknown>): void {
    if (!msg.reply) return;
    try {
      msg.respond(encoder.encode(JSON.stringify(packet)));
    } catch {
      // the connection is closing: the caller's deadline answers for us
    }
  }

  async close(): Promise<void> {
    for (const sub of this.subscriptions.splice(0)) sub.unsubscribe();
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
  }

  on(): never {
    throw new Error('LeanNatsServer has no events to listen to');
  }

  unwrap<T>(): T {
    if (!this.nc) throw new Error('LeanNatsServer is not listening');
    return this.nc as T;
  }
}
