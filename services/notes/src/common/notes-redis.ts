import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { REQUEST_REDIS_OPTIONS, type AppConfig } from '@app/platform';
import { APP_CONFIG } from './tokens';

/** The notes service's Redis connection: a bookmarks file sent whole waits there for its import. Closed on shutdown. */
@Injectable()
export class NotesRedis implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Redis(config.redisUrl, REQUEST_REDIS_OPTIONS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
