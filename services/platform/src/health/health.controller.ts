import { Controller, Inject, InjectionToken, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { Pool } from 'pg';
import { HealthReply, ServiceName, subject } from '@app/proto';
import { loadConfig } from '../config/config';

/**
 * A controller answering `<service>.health` (readiness: the service is subscribed and its database answers).
 * Made per service because the subject is fixed when the class is decorated.
 */
export function healthController(service: ServiceName, poolToken: InjectionToken): Type<unknown> {
  const started = Date.now();
  const version = loadConfig().version;

  @Controller()
  class HealthController {
    constructor(@Inject(poolToken) private readonly pool: Pool) {}

    @MessagePattern(subject(`${service}.health`))
    async health(): Promise<HealthReply> {
      let database = 'ok';
      try {
        await this.pool.query('SELECT 1');
      } catch (e) {
        database = `error: ${e instanceof Error ? e.message : String(e)}`;
      }
      return { ok: database === 'ok', service, version, uptime_s: Math.round((Date.now() - started) / 1000), checks: { database } };
    }
  }
  return HealthController;
}
