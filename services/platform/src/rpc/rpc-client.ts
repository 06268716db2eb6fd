import { Logger } from '@nestjs/common';
import { ClientNats, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { AppError, CallName, Calls, isWireError, subject } from '@app/proto';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

const logger = new Logger('rpc-client');

/**
 * Typed request/reply over NATS: `rpc.call('identity.session.login', {...})` is checked against proto's Calls map
 * (STYLE 8). Errors come back as AppError whatever the service threw, so the gateway maps them once.
 */
export class RpcClient {
  private readonly client: ClientNats;

  constructor(
    natsUrl: string,
    private readonly timeoutMs = Number(process.env.RPC_TIMEOUT_MS || 15000),
  ) {
    this.client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl] } }) as ClientNats;
  }

  connect(): Promise<unknown> {
    return this.client.connect();
  }

  async call<K extends CallName>(name: K, req: Calls[K]['req']): Promise<Calls[K]['res']> {
    try {
      return await firstValueFrom(this.client.send(subject(name), req).pipe(timeout(this.timeoutMs)));
    } catch (err) {
      throw toAppError(name, err);
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

function toAppError(name: string, err: unknown): AppError {
  if (isWireError(err)) return AppError.fromWire(err);
  if (err instanceof EmptyResponseException) {
    // nothing subscribes to the subject: the service is down or not deployed
    logger.error(`${name}: no service answers`);
    return new AppError('service_unavailable', 'The service is not available, please try again later');
  }
  if (err instanceof TimeoutError) {
    logger.error(`${name}: no reply in time`);
    return new AppError('service_unavailable', 'The service did not answer in time, please try again');
  }
  logger.error(`${name}: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
  return new AppError('internal_server_error', 'Internal server error');
}
