import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '@app/proto';
import { Public } from '../auth/access';
import { GatewayMetrics } from './gateway-metrics';
import { metricsAccess } from './metrics-access';

// GET /metrics is for the operators' Prometheus (docs/running.md), not for the API's clients: it is left out of the
// OpenAPI document like the queue dashboard's routes.
@Controller()
export class MetricsController {
  constructor(private readonly metrics: GatewayMetrics) {}

  // Public to the caller guard (no session or user token applies here); metricsAccess decides instead
  @Get('metrics')
  @Public()
  @ApiExcludeEndpoint()
  async scrape(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const access = metricsAccess(this.metrics.settings.token, { headers: request.headers, peer: request.raw.socket.remoteAddress });
    if (access === 'unauthorized') {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw errors.unauthorized('Send the metrics token as a bearer token');
    }
    if (access === 'forbidden') throw errors.forbidden('Not allowed to read the metrics');
    const text = await this.metrics.render();
    reply.header('content-type', this.metrics.contentType);
    return text;
  }
}
