import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RpcClient } from '@app/platform';
import { AppError, errors, isLiveAccountId, type CallerContext, type ErrorBody } from '@app/proto';
import type { ResolvedCaller } from '../auth/caller';
import { SessionStore } from '../auth/session.store';
import { TokenVerifier } from '../auth/token.verifier';
import { assertGroupId, TenancyService } from '../documents/tenancy.service';
import { API_SECURITY_HEADERS } from '../http/security-headers';
import { LiveBus } from './live-bus';
import { LIVE_CONFIG, LiveConfig } from './live-config';
import { LiveStream, type StreamDeps } from './live-stream';
import { resumeAfter, StreamCounts, toLiveChange } from './live.rules';

// The open event streams of this gateway (GET /{account_id}/_events). A stream is refused before it starts exactly
// like any group call (401, 403 'You need a subscription to access this Group', 404), and beyond the bounds of open
// streams (429). Once open it stays authorised: its session or token is checked every LIVE_RECHECK_SECONDS (a logout,
// an expired session or a deleted token ends it), its membership on every membership change of the group or of the
// parent it is reached through, and every LIVE_MEMBERSHIP_SECONDS besides. All streams end when the gateway stops.

const logger = new Logger('live');

@Injectable()
export class LiveService implements OnModuleDestroy {
  private readonly streams = new Set<LiveStream>();
  private readonly counts: StreamCounts;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly deps: StreamDeps;
  private stopping = false;

  constructor(
    private readonly rpc: RpcClient,
    private readonly bus: LiveBus,
    private readonly tenancy: TenancyService,
    private readonly sessions: SessionStore,
    private readonly tokens: TokenVerifier,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
  ) {
    this.counts = new StreamCounts(config);
    this.deps = {
      config,
      readLog: async (ctx, since, limit) => {
        const reply = await this.rpc.call('accounts.changes.get', { ctx, since, limit, descending: false });
        return reply.results.map(toLiveChange);
      },
      lastSeq: async (ctx) => (await this.rpc.call('accounts.db.info', { ctx })).update_seq,
      checkMembership: async (ctx) => {
        try {
          await this.rpc.call('accounts.membership.resolve', { user_id: ctx.user_id!, account_id: ctx.db! });
        } catch (err) {
          this.tenancy.forgetGroup(ctx.db!); // this gateway's other calls ask again too
          throw err;
        }
      },
    };
  }

  /** Open streams (tests and the shutdown look). */
  get openCount(): number {
    return this.streams.size;
  }

  /**
   * Opens the stream of `caller` on `accountId`: checks everything that can refuse it first (answered as JSON by the
   * error filter), then takes the response over and starts sending.
   */
  async open(caller: ResolvedCaller, accountId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.stopping) throw new AppError('service_unavailable', 'The server is restarting, please try again');
    assertGroupId(accountId);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const resume = resumeAfter(request.headers['last-event-id'], query['last-event-id']);
    const user = caller.ctx.user_id;
    if (!user) throw errors.unauthorized();
    const membership = await this.rpc.call('accounts.membership.resolve', { user_id: user, account_id: accountId });
    if (!isLiveAccountId(accountId)) throw errors.notFound('no such group');
    const ctx: CallerContext = { ...caller.ctx, db: accountId, admin: membership.admin };
    this.counts.take(user);

    let stream: LiveStream;
    const unwatch: Array<() => void> = [];
    try {
      stream = new LiveStream(ctx, accountId, reply.raw, this.deps);
      unwatch.push(await this.bus.watch(accountId, (a) => stream.announced(a)));
      if (membership.parent_account_id && isLiveAccountId(membership.parent_account_id)) {
        unwatch.push(await this.bus.watch(membership.parent_account_id, (a) => stream.parentAnnounced(a)));
      }
    } catch (err) {
      for (const u of unwatch) u();
      this.counts.release(user);
      // NATS unreachable: the stream cannot hear anything, say so rather than a 500
      throw err instanceof AppError ? err : new AppError('service_unavailable', 'Live updates are not available, please try again later');
    }
    if (this.stopping) {
      // the gateway began to stop while this one was being authorised: it would hold the shutdown open
      for (const u of unwatch) u();
      this.counts.release(user);
      throw new AppError('service_unavailable', 'The server is restarting, please try again');
    }
    this.streams.add(stream);
    stream.whenClosed(() => {
      for (const u of unwatch) u();
      this.counts.release(user);
      this.streams.delete(stream);
    });

    reply.hijack();
    const res = reply.raw;
    res.socket?.setNoDelay(true);
    res.socket?.setKeepAlive(true);
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string | string[]>),
      ...API_SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // nginx: pass each event on at once
    });
    this.credentials.set(stream, this.credentialCheck(caller, request.headers.authorization));
    this.ensureTimers();
    await stream.start(resume);
  }

  /** Ends every stream without an `end` event: browsers reconnect (to another copy, or to this one restarted). */
  onModuleDestroy(): void {
    this.stopping = true;
    for (const t of this.timers.splice(0)) clearInterval(t);
    for (const s of [...this.streams]) s.end();
  }

  /** How each stream's caller is checked again, under a key its streams share (one check per session or token). */
  private readonly credentials = new WeakMap<LiveStream, { key: string; check: () => Promise<void> }>();

  private credentialCheck(caller: ResolvedCaller, authorization: string | undefined): { key: string; check: () => Promise<void> } {
    const user = caller.ctx.user_id;
    if (caller.via === 'session' && caller.sessionId) {
      const sessionId = caller.sessionId;
      return {
        key: `session:${sessionId}`,
        check: async () => {
          const session = await this.sessions.get(sessionId);
          if (!session || session.user_id !== user) throw errors.unauthorized();
        },
      };
    }
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
    return {
      key: `token:${secret}`,
      check: async () => {
        const token = await this.tokens.verify(secret);
        if (token.user_id !== user) throw errors.unauthorized();
      },
    };
  }

  private ensureTimers(): void {
    if (this.timers.length) return;
    const heartbeat = setInterval(() => {
      for (const s of this.streams) s.heartbeat();
    }, this.config.heartbeatMs);
    // a round's checks catch their own failures (refusalOf, a stream's queue); the catch is for what they did not foresee
    const recheck = setInterval(() => {
      this.recheckAll().catch((err: unknown) => logger.error(`checking the live streams again failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));
    }, this.config.recheckMs);
    heartbeat.unref();
    recheck.unref();
    this.timers.push(heartbeat, recheck);
  }

  /** One round of checks: each session or token once however many streams share it, memberships when due. */
  private async recheckAll(): Promise<void> {
    const now = Date.now();
    const rounds = new Map<string, Promise<ErrorBody | null>>();
    await Promise.all(
      [...this.streams].map(async (s) => {
        const credential = this.credentials.get(s);
        if (credential) {
          let verdict = rounds.get(credential.key);
          if (!verdict) rounds.set(credential.key, (verdict = refusalOf(credential.check())));
          const refused = await verdict;
          if (refused) return s.end(refused);
        }
        if (now - s.membershipCheckedAt >= this.config.membershipMs) await s.recheckMembership();
      }),
    );
  }
}

/** The refusal a check ends in (401, 403), or null when it passed or failed for another reason (Redis away: keep going). */
async function refusalOf(check: Promise<void>): Promise<ErrorBody | null> {
  try {
    await check;
    return null;
  } catch (err) {
    return err instanceof AppError && (err.status === 401 || err.status === 403) ? err.toBody() : null;
  }
}
