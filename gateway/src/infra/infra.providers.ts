import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Provider } from '@nestjs/common';
import Redis from 'ioredis';
import { REQUEST_REDIS_OPTIONS, RpcClient } from '@app/platform';
import { GATEWAY_CONFIG, GatewayConfig, loadGatewayConfig } from '../config/gateway-config';

// The gateway's connections: NATS (RpcClient, typed by proto's Calls) and Redis (sessions, token cache, rate limits).

export const REDIS = Symbol('REDIS');

const redisLogger = new Logger('redis');

export const configProvider: Provider = { provide: GATEWAY_CONFIG, useFactory: () => loadGatewayConfig() };

export const redisProvider: Provider = {
  provide: REDIS,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) => {
    const redis = new Redis(config.redisUrl, REQUEST_REDIS_OPTIONS);
    // it reconnects by itself; requests answer 503 meanwhile. Said once per outage, not at every reconnection try.
    let away = false;
    redis.on('error', (err) => {
      if (!away) redisLogger.warn(`Redis unavailable: ${err.message}`);
      away = true;
    });
    redis.on('ready', () => {
      if (away) redisLogger.log('Redis is back');
      away = false;
    });
    return redis;
  },
};

export const rpcProvider: Provider = {
  provide: RpcClient,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) => new RpcClient(config.natsUrl),
};

/** Connects NATS before the first request and closes both connections on shutdown. */
@Injectable()
export class Connections implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('gateway');

  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.rpc.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.rpc.close(), this.redis.quit()]).then((results) => {
      for (const r of results) if (r.status === 'rejected') this.logger.warn(`closing: ${String(r.reason)}`);
    });
  }
}
