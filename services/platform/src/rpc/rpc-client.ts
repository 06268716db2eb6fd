import { Logger } from '@nestjs/common';
import { connect, createInbox, JSONCodec, Msg, NatsConnection, NatsError, Subscription } from 'nats';
import { AppError, CallName, Calls, isWireError, subject } from '@app/proto';
import { batchNatsWrites } from './nats-write-batching';
import { natsOptions } from './nats-options';
import { isFirstPart, PartsError, readParts, ReplySender, restDeadline } from './reply-parts';

const logger = new Logger('rpc-client');
const codec = JSONCodec<unknown>();

/** A NestJS NATS reply: `{id, response, isDisposed}` or `{id, err, isDisposed}`. */
interface NestReply {
  id?: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

/**
 * Typed request/reply over NATS: `rpc.call('identity.session.login', {...})` is checked against proto's Calls map
 * (STYLE 8). Errors come back as AppError whatever the service threw, so the gateway maps them once.
 *
 * It speaks the NestJS NATS packet format ({pattern, data, id} in, {response | err, isDisposed} out). Replies come
 * to one inbox subscription (`<inbox>.<n>`) and are matched to their call by n. Nest's ClientNats opens and closes a
 * subscription per request, which halved the gateway's throughput; the nats client's own request() builds two errors
 * with stack traces and a timer per request (~5 % of the gateway's CPU), so deadlines are swept here instead
 * (bench/find, docs/benchmarks.md).
 */
interface Pending {
  name: string;
  /** performance.now() when sent, for the round-trip metrics */
  started: number;
  resolve: (data: Uint8Array) => void;
  reject: (err: AppError) => void;
  deadline: number;
}

/** How a round trip ended: a reply came (a success or a service's error), nobody subscribes, no reply in time, not sent. */
export type RpcOutcome = 'reply' | 'no_responders' | 'timeout' | 'unreachable';

/** Where round trips are counted (platform/metrics RpcClientMetrics). */
export interface RpcRoundTrips {
  observe(name: string, seconds: number, outcome: RpcOutcome): void;
}

/** How often unanswered calls are checked against their deadline. */
const SWEEP_MS = 100;
/** While the broker is away, calls already sent wait at most this long for their answer (new ones fail at once). */
export const OFFLINE_WAIT_MS = 2000;
const BROKER_AWAY = 'The message broker is not reachable right now, please try again in a moment';

export class RpcClient {
  private nc?: NatsConnection;
  private inbox = '';
  private replies?: Subscription;
  /** offers the parts of requests larger than one message */
  private sender?: ReplySender;
  private next = 0;
  private readonly pending = new Map<string, Pending>();
  private sweeper?: NodeJS.Timeout;
  /** the connection being opened: concurrent first calls share it (each opening its own would leak all but one) */
  private connecting?: Promise<NatsConnection>;
  private roundTrips?: RpcRoundTrips;
  /** false between the connection's disconnect and its reconnect: calls fail at once instead of waiting */
  private online = true;

  constructor(
    private readonly natsUrl: string,
    private readonly timeoutMs = Number(process.env.RPC_TIMEOUT_MS || 15000),
  ) {}

  /** Counts this client's round trips there from now on. */
  observeWith(roundTrips: RpcRoundTrips): this {
    this.roundTrips = roundTrips;
    return this;
  }

  async connect(): Promise<void> {
    if (this.nc) return;
    this.connecting ??= connect(natsOptions(this.natsUrl, 'rpc-client')).then((nc) => {
      batchNatsWrites(nc);
      void this.followStatus(nc);
      this.sender = new ReplySender(nc);
      this.inbox = createInbox();
      this.replies = nc.subscribe(`${this.inbox}.*`, { callback: (err, msg) => (err ? undefined : this.onReply(msg)) });
      this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
      this.sweeper.unref();
      return nc;
    });
    try {
      this.nc = await this.connecting;
    } finally {
      this.connecting = undefined;
    }
  }

  async call<K extends CallName>(name: K, req: Calls[K]['req'], opts: { timeoutMs?: number } = {}): Promise<Calls[K]['res']> {
    return this.decode(name, await this.send(name, req, opts)) as Calls[K]['res'];
  }

  /**
   * The reply's `response` as the JSON bytes the service sent, not parsed, for a caller that passes it on unchanged
   * (the gateway's `_find`: parsing and serialising it again was a tenth of the gateway's CPU). Errors throw as in call().
   */
  async callRaw<K extends CallName>(name: K, req: Calls[K]['req'], opts: { timeoutMs?: number } = {}): Promise<Buffer> {
    const data = await this.send(name, req, opts);
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const start = responseStart(bytes);
    if (start > 0) return bytes.subarray(start, bytes.length - 1);
    // an error, or a reply laid out another way: the general path
    return Buffer.from(JSON.stringify(this.decode(name, data) ?? null));
  }

  private decode(name: CallName, data: Uint8Array): unknown {
    let reply: NestReply;
    try {
      reply = codec.decode(data) as NestReply;
    } catch (err) {
      throw transportError(name, err);
    }
    if (reply.err !== undefined && reply.err !== null) throw replyError(name, reply.err);
    return reply.response;
  }

  /**
   * The connection's state: while it is disconnected (the broker restarting or unreachable) a request would wait in
   * the client's buffer until the broker is back, so calls fail at once with 503 and those in flight wait at most
   * OFFLINE_WAIT_MS more. The client reconnects by itself (natsOptions).
   */
  private async followStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        if (this.online) logger.warn(`NATS unreachable (${String(status.data)}): calls answer 503 until it is back`);
        this.online = false;
        const latest = Date.now() + OFFLINE_WAIT_MS;
        for (const call of this.pending.values()) call.deadline = Math.min(call.deadline, latest);
      } else if (status.type === 'reconnect') {
        if (!this.online) logger.log('NATS is back');
        this.online = true;
      }
    }
  }

  private async send(name: CallName, req: unknown, opts: { timeoutMs?: number }): Promise<Uint8Array> {
    if (!this.nc) await this.connect();
    if (!this.online) {
      this.observe(name, performance.now(), 'unreachable');
      throw new AppError('service_unavailable', BROKER_AWAY);
    }
    const pattern = subject(name);
    const id = String(++this.next);
    return new Promise<Uint8Array>((resolve, reject) => {
      const started = performance.now();
      let release: (() => void) | undefined;
      const settle =
        <T>(fn: (v: T) => void) =>
        (v: T) => {
          release?.();
          fn(v);
        };
      this.pending.set(id, { name, started, resolve: settle(resolve), reject: settle(reject), deadline: Date.now() + (opts.timeoutMs ?? this.timeoutMs) });
      try {
        const bytes = codec.encode({ pattern, data: req, id });
        const reply = `${this.inbox}.${id}`;
        if (bytes.byteLength <= this.sender!.partBytes()) this.nc!.publish(pattern, bytes, { reply });
        else {
          // a request larger than one message (a restore page with a 2 MB handbook): the service pulls the other
          // parts from here before it handles the call (reply-parts.ts); they are let go once the call settles
          const offer = this.sender!.offer(bytes);
          if (typeof offer === 'string') throw new AppError('payload_too_large', 'The request is too large to pass to the service');
          release = offer.release;
          this.nc!.publish(pattern, offer.first, { reply, headers: offer.headers });
        }
      } catch (err) {
        this.pending.delete(id);
        release?.();
        this.observe(name, started, 'unreachable');
        reject(err instanceof AppError ? err : transportError(name, err));
      }
    });
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.replies?.unsubscribe();
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(new AppError('service_unavailable', 'The service is not available, please try again later'));
    }
    await this.nc?.drain();
    this.nc = undefined;
  }

  private onReply(msg: Msg): void {
    const id = msg.subject.slice(this.inbox.length + 1);
    const call = this.pending.get(id);
    if (!call) return; // answered after its deadline
    this.pending.delete(id);
    // the server's "no responders" status: nothing subscribes to the subject (the service is down or not deployed)
    if (msg.headers?.hasError && msg.headers.code === 503) {
      this.observe(call.name, call.started, 'no_responders');
      logger.error(`${call.name}: no service answers`);
      call.reject(new AppError('service_unavailable', 'The service is not available, please try again later'));
      return;
    }
    if (isFirstPart(msg)) {
      // an answer larger than one message: its other parts are fetched from the service (reply-parts.ts)
      this.readRest(call, msg);
      return;
    }
    this.observe(call.name, call.started, 'reply');
    call.resolve(msg.data);
  }

  private readRest(call: Pending, first: Msg): void {
    readParts(this.nc!, first, { deadline: restDeadline(call.deadline, first) }).then(
      (data) => {
        this.observe(call.name, call.started, 'reply');
        call.resolve(data);
      },
      (err: unknown) => {
        const timedOut = err instanceof PartsError && err.kind === 'timeout';
        this.observe(call.name, call.started, timedOut ? 'timeout' : 'unreachable');
        logger.error(`${call.name}: ${err instanceof Error ? err.message : String(err)}`);
        call.reject(
          err instanceof PartsError && err.kind === 'too_large'
            ? new AppError('unprocessable_entity', 'The answer is too large: ask for fewer items')
            : new AppError('service_unavailable', timedOut ? 'The service did not answer in time, please try again' : 'The service is not available, please try again later'),
        );
      },
    );
  }

  private observe(name: string, started: number, outcome: RpcOutcome): void {
    this.roundTrips?.observe(name, (performance.now() - started) / 1000, outcome);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, call] of this.pending) {
      if (call.deadline > now) continue;
      this.pending.delete(id);
      this.observe(call.name, call.started, 'timeout');
      logger.error(`${call.name}: no reply in time`);
      call.reject(new AppError('service_unavailable', 'The service did not answer in time, please try again'));
    }
  }
}

function transportError(name: string, err: unknown): AppError {
  if (err instanceof NatsError && err.code === 'MAX_PAYLOAD_EXCEEDED') {
    // a request larger than one NATS message (the gateway's body limit keeps HTTP bodies below it)
    logger.error(`${name}: ${err.message}`);
    return new AppError('payload_too_large', 'The request is too large to pass to the service');
  }
  if (err instanceof NatsError) {
    // a closed or draining connection, an oversized payload: the call cannot reach the service
    logger.error(`${name}: ${err.message}`);
    return new AppError('service_unavailable', 'The service is not available, please try again later');
  }
  logger.error(`${name}: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
  return new AppError('internal_server_error', 'Internal server error');
}

function replyError(name: string, err: unknown): AppError {
  if (isWireError(err)) return AppError.fromWire(err);
  logger.error(`${name}: ${JSON.stringify(err)}`);
  return new AppError('internal_server_error', 'Internal server error');
}

const ID_OPEN = Buffer.from('{"id":"');
const RESPONSE_OPEN = Buffer.from('","isDisposed":true,"response":');

/**
 * Where the response's JSON starts in a success reply as LeanNatsServer writes it (`{"id":"<digits>","isDisposed":true,
 * "response":<json>}`), or -1 when the reply is not exactly that (an error reply has `err` instead).
 */
export function responseStart(bytes: Buffer): number {
  if (bytes.length < ID_OPEN.length + RESPONSE_OPEN.length + 2 || bytes[bytes.length - 1] !== 0x7d) return -1;
  if (bytes.compare(ID_OPEN, 0, ID_OPEN.length, 0, ID_OPEN.length) !== 0) return -1;
  let i = ID_OPEN.length;
  while (i < bytes.length && bytes[i] >= 0x30 && bytes[i] <= 0x39) i++;
  if (i === ID_OPEN.length || bytes.compare(RESPONSE_OPEN, 0, RESPONSE_OPEN.length, i, i + RESPONSE_OPEN.length) !== 0) return -1;
  return i + RESPONSE_OPEN.length;
}
