import { Logger } from '@nestjs/common';
import { connect, ErrorCode, JSONCodec, NatsConnection, NatsError } from 'nats';
import { randomUUID } from 'crypto';
import { AppError, CallName, Calls, isWireError, subject } from '@app/proto';

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
 * It speaks the NestJS NATS packet format ({pattern, data, id} in, {response | err, isDisposed} out) with the nats
 * client's own request(), which shares one reply subscription across requests; Nest's ClientNats opens and closes
 * a subscription per request, and that halved the gateway's throughput (bench/find, docs/benchmarks.md).
 */
export class RpcClient {
  private nc?: NatsConnection;
  /** the connection being opened: concurrent first calls share it (each opening its own would leak all but one) */
  private connecting?: Promise<NatsConnection>;

  constructor(
    private readonly natsUrl: string,
    private readonly timeoutMs = Number(process.env.RPC_TIMEOUT_MS || 15000),
  ) {}

  async connect(): Promise<void> {
    if (this.nc) return;
    this.connecting ??= connect({ servers: [this.natsUrl], name: 'rpc-client' });
    try {
      this.nc = await this.connecting;
    } finally {
      this.connecting = undefined;
    }
  }

  async call<K extends CallName>(name: K, req: Calls[K]['req'], opts: { timeoutMs?: number } = {}): Promise<Calls[K]['res']> {
    if (!this.nc) await this.connect();
    const pattern = subject(name);
    let reply: NestReply;
    try {
      const msg = await this.nc!.request(pattern, codec.encode({ pattern, data: req, id: randomUUID() }), { timeout: opts.timeoutMs ?? this.timeoutMs });
      reply = codec.decode(msg.data) as NestReply;
    } catch (err) {
      throw transportError(name, err);
    }
    if (reply.err !== undefined && reply.err !== null) throw replyError(name, reply.err);
    return reply.response as Calls[K]['res'];
  }

  async close(): Promise<void> {
    await this.nc?.drain();
    this.nc = undefined;
  }
}

function transportError(name: string, err: unknown): AppError {
  if (err instanceof NatsError && err.code === ErrorCode.NoResponders) {
    // nothing subscribes to the subject: the service is down or not deployed
    logger.error(`${name}: no service answers`);
    return new AppError('service_unavailable', 'The service is not available, please try again later');
  }
  if (err instanceof NatsError && err.code === ErrorCode.Timeout) {
    logger.error(`${name}: no reply in time`);
    return new AppError('service_unavailable', 'The service did not answer in time, please try again');
  }
  logger.error(`${name}: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
  return new AppError('internal_server_error', 'Internal server error');
}

function replyError(name: string, err: unknown): AppError {
  if (isWireError(err)) return AppError.fromWire(err);
  logger.error(`${name}: ${JSON.stringify(err)}`);
  return new AppError('internal_server_error', 'Internal server error');
}
