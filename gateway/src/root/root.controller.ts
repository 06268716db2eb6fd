import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import Redis from 'ioredis';
import { readRedisPersistence, RedisPersistence, RpcClient } from '@app/platform';
import { SERVED_SERVICES } from '../documents/doc-router';
import { REDIS } from '../infra/infra.providers';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { ApiErrors, ApiOk, DOCS_PATH, OPENAPI_PATH } from '../http/openapi';
import { servedModules } from '../web/web.controller';
import type { ModulesReply } from '@app/proto';

@ApiTags('server')
@Controller()
export class RootController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Version and API details (also in the x-app-version header of every response)' })
  @ApiOk(200, 'Welcome')
  @ApiErrors()
  welcome() {
    return {
      servicedesk: 'Welcome',
      version: this.config.version,
      api: { docs: `/${DOCS_PATH}`, openapi: OPENAPI_PATH },
    };
  }

  @Get('modules')
  @Public()
  @ApiOperation({
    summary: 'The web modules deployed here (their remotes are served under /modules/<name>/); the web app shows only their menus',
  })
  @ApiOk(200, 'ModulesReply')
  @ApiErrors()
  async modules(): Promise<ModulesReply> {
    // read on each call (two small folders): a module deployed while the gateway runs shows up at once
    return { modules: await servedModules() };
  }

  @Get('_up')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Readiness: Redis and every deployed service (each checks its database); 503 when one is not ready. `redis` says whether Redis keeps its data on disk (a Redis without persistence is still ready)',
  })
  @ApiResponse({
    status: 200,
    description:
      'ready: {status: "ok", version, checks: {redis, <service>: "ok"}, redis: {persistence: "none" | "aof" | "rdb" | "unknown", lost_on_restart: what a Redis restart loses ([] when nothing, null when it could not be told), detail}}',
  })
  @ApiResponse({ status: 503, description: 'not ready: {status: "unavailable", version, checks, redis} naming what failed' })
  @ApiErrors()
  async up(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks: Record<string, string> = {};
    let redis: RedisPersistence | undefined;
    await Promise.all([
      readRedisPersistence(this.redis).then((p) => (redis = p)),
      this.redis.ping().then(
        () => (checks.redis = 'ok'),
        (e: Error) => (checks.redis = `error: ${e.message}`),
      ),
      ...[...SERVED_SERVICES].map((service) =>
        this.rpc.call(`${service}.health`, {}, { timeoutMs: 2000 }).then(
          (h) => (checks[service] = h.ok ? 'ok' : Object.values(h.checks).join('; ')),
          (e: Error) => (checks[service] = `error: ${e.message}`),
        ),
      ),
    ]);
    const ok = Object.values(checks).every((c) => c === 'ok');
    if (!ok) reply.status(503);
    return { status: ok ? 'ok' : 'unavailable', version: this.config.version, checks, redis };
  }
}
