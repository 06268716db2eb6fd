import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { JobQueues } from '@app/platform';
import { errors } from '@app/proto';
import { CallerResolver } from '../auth/caller.resolver';
import { SessionCookies, UNSAFE_METHODS } from '../auth/session-cookies';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { toErrorResponse } from '../http/error-mapping';
import { isInstallAdmin, parseInstallAdmins } from './install-admins';
import { JOB_QUEUE_NAMES } from './queue-names';

// The job queues' dashboard (bull-board) at /admin/queues, for the installation's administrators only: every request
// to it (page, its static files, its API) first resolves the caller as any route does (the session cookie; a bearer
// token is refused: this is a page for a browser), then requires a confirmed e-mail listed in INSTALL_ADMINS, and the
// XSRF double submit for what changes a queue (bull-board's axios sends X-XSRF-TOKEN from the XSRF-TOKEN cookie).
// The board sees the queues the gateway opens by name (JOB_QUEUE_NAMES); the queue-depth gauges read the same ones.

export const BOARD_PATH = '/admin/queues';

@Injectable()
export class QueueBoard implements OnApplicationShutdown {
  readonly jobs: JobQueues;
  private readonly admins: ReadonlySet<string>;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly resolver: CallerResolver,
    private readonly cookies: SessionCookies,
  ) {
    this.jobs = new JobQueues(config, JOB_QUEUE_NAMES);
    this.admins = parseInstallAdmins(process.env.INSTALL_ADMINS);
  }

  /** Registers the dashboard's routes behind the administrators' check (gateway.ts, before listening). */
  async mount(fastify: FastifyInstance): Promise<void> {
    const board = new FastifyAdapter();
    board.setBasePath(BOARD_PATH);
    createBullBoard({
      queues: this.jobs.queues.map((q) => new BullMQAdapter(q)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'ServiceDesk queues' } },
    });
    await fastify.register(async (scope) => {
      scope.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply) => this.admit(request, reply));
      // bull-board is typed against the root's copy of fastify, the gateway runs its own (same major, 5)
      await scope.register(board.registerPlugin() as unknown as FastifyPluginCallback, { prefix: BOARD_PATH });
    });
  }

  /** Lets an installation administrator through; answers anybody else 401 or 403 in the `{error, reason}` shape. */
  private async admit(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    try {
      const caller = await this.resolver.resolve(request, reply);
      if (caller.via === 'none') throw errors.unauthorized();
      if (caller.via !== 'session' || !isInstallAdmin(caller.ctx.user, this.admins)) throw errors.forbidden('Only the administrators of this installation may see its job queues');
      if (UNSAFE_METHODS.has(request.method)) this.cookies.assertXsrf(request, caller.session!);
      return undefined;
    } catch (err) {
      const answer = toErrorResponse(err);
      return reply.code(answer.status).headers(answer.headers ?? {}).type('application/json; charset=utf-8').send(answer.body);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}
