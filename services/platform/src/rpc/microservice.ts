import 'reflect-metadata';
import { INestMicroservice, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { queueGroup, ServiceName } from '@app/proto';
import { loadConfig } from '../config/config';
import { serviceMetrics } from '../metrics/service-metrics';
import { LeanNatsServer } from './lean-nats-server';
import { AppRpcExceptionFilter } from './rpc-exception.filter';

export function logLevels(): LogLevel[] {
  const all: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];
  const level = (process.env.LOG_LEVEL || 'log') as LogLevel;
  return all.slice(0, Math.max(1, all.indexOf(level) + 1));
}

/**
 * Starts a NestJS microservice on NATS; its copies share one queue group so each request is served once. Each copy
 * times the calls it answers and answers metrics scrapes on `<prefix>.metrics.<service>` (platform/metrics).
 */
export async function createMicroservice(module: Type<unknown>, service: ServiceName): Promise<INestMicroservice> {
  const config = loadConfig();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    strategy: new LeanNatsServer({
      servers: [config.natsUrl],
      queue: queueGroup(service, config.prefix),
      name: service,
      metrics: serviceMetrics(service, config.prefix).server(),
    }),
    logger: logLevels(),
  });
  app.useGlobalFilters(new AppRpcExceptionFilter());
  app.enableShutdownHooks();
  await app.listen();
  return app;
}
