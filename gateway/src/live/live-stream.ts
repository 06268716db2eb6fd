import type { ServerResponse } from 'http';
import { Logger } from '@nestjs/common';
import { AppError, LIVE_EVENTS, type CallerContext, type ChangesLogged, type ErrorBody, type LiveChange } from '@app/proto';
import type { LiveConfig } from './live-config';
import { planAnnounced, sseComment, sseEvent, touchesMembership } from './live.rules';

// One open event stream of one member on one group. Everything it does — the start (replay or "from now"), each
// announcement, each membership check — runs one after the other on its own queue, and `cursor` is the seq of the
// last change sent: so an announced row at or before it is never sent again, and a row after a hole is never sent
// before the hole is read from the change log. The response is written only here.

const logger = new Logger('live');

/** Rows per read of the change log (replay, or filling a hole). */
export const LOG_PAGE = 200;

/** What a stream needs from the rest of the gateway (LiveService gives it; tests may give their own). */
export interface StreamDeps {
  config: Pick<LiveConfig, 'replayMax' | 'maxBufferedBytes' | 'retryMs'>;
  /** changes of the group after `since`, oldest first, at most `limit` */
  readLog(ctx: CallerContext, since: number, limit: number): Promise<LiveChange[]>;
  /** the group's last seq */
  lastSeq(ctx: CallerContext): Promise<number>;
  /** throws the AppError of a refused group call (403, 401) when the caller may no longer read the group */
  checkMembership(ctx: CallerContext): Promise<void>;
}

export class LiveStream {
  private cursor = 0;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly onClose: Array<() => void> = [];
  /** when the membership was last confirmed (the periodic check skips a stream checked recently) */
  membershipCheckedAt = Date.now();

  constructor(
    readonly ctx: CallerContext,
    readonly accountId: string,
    private readonly res: ServerResponse,
    private readonly deps: StreamDeps,
  ) {
    res.on('close', () => this.finish());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get position(): number {
    return this.cursor;
  }

  /** Runs `f` when the stream ends, however it ends (at once when it has ended already). */
  whenClosed(f: () => void): void {
    if (this.closed) f();
    else this.onClose.push(f);
  }

  /** The first job: the `retry:` hint, where the stream starts (`ready`), then what was missed after `resumeAfter`. */
  start(resumeAfter: number | null): Promise<void> {
    return this.enqueue(async () => {
      this.write(`${sseComment('servicedesk live updates')}retry: ${this.deps.config.retryMs}\n\n`);
      if (resumeAfter === null) {
        this.cursor = await this.deps.lastSeq(this.ctx);
        this.write(sseEvent({ last_seq: this.cursor }, { event: LIVE_EVENTS.ready, id: this.cursor }));
        return;
      }
      this.cursor = resumeAfter;
      this.write(sseEvent({ last_seq: this.cursor }, { event: LIVE_EVENTS.ready, id: this.cursor }));
      await this.readLog();
    });
  }

  /** Rows the accounts service announced for this group. */
  announced(a: ChangesLogged): void {
    void this.enqueue(async () => {
      if (touchesMembership(a.changes) && !(await this.membershipHolds())) return;
      const plan = planAnnounced(this.cursor, a.changes);
      if (plan.kind === 'send') this.send(plan.rows);
      else await this.readLog();
    });
  }

  /** A membership of the parent group changed (access through a parent's membership): check ours again. */
  parentAnnounced(a: ChangesLogged): void {
    if (touchesMembership(a.changes)) void this.recheckMembership();
  }

  /** Checks the membership again (queued after what is being sent); ends the stream when it is gone. */
  recheckMembership(): Promise<void> {
    return this.enqueue(async () => {
      await this.membershipHolds();
    });
  }

  heartbeat(): void {
    this.write(sseComment('keep-alive'));
  }

  /** Ends the stream; with `why`, an `end` event first says why (spec §8 shape), so the client stops reconnecting. */
  end(why?: ErrorBody): void {
    if (this.closed) return;
    if (why) this.write(sseEvent(why, { event: LIVE_EVENTS.end }));
    this.res.end();
    this.finish();
  }

  private async membershipHolds(): Promise<boolean> {
    try {
      await this.deps.checkMembership(this.ctx);
      this.membershipCheckedAt = Date.now();
      return true;
    } catch (err) {
      if (err instanceof AppError && (err.status === 401 || err.status === 403 || err.status === 404)) {
        this.end(err.toBody());
        return false;
      }
      // the accounts service is slow or away: the stream stays, the next check decides
      logger.warn(`membership check of ${this.ctx.user_id} on ${this.accountId} failed: ${err instanceof Error ? err.message : String(err)}`);
      return true;
    }
  }

  /** Sends what the log holds after the cursor, page by page; more than replayMax missed is one `reset` instead. */
  private async readLog(): Promise<void> {
    let sent = 0;
    for (;;) {
      if (this.closed) return;
      if (sent >= this.deps.config.replayMax) {
        const last = await this.deps.lastSeq(this.ctx);
        if (last > this.cursor) {
          this.cursor = last;
          this.write(sseEvent({ last_seq: last }, { event: LIVE_EVENTS.reset, id: last }));
        }
        return;
      }
      const limit = Math.min(LOG_PAGE, this.deps.config.replayMax - sent);
      const rows = await this.deps.readLog(this.ctx, this.cursor, limit);
      // a hole filled from the log may hold a membership change whose announcement was lost: the same check first
      if (touchesMembership(rows) && !(await this.membershipHolds())) return;
      this.send(rows.filter((r) => r.seq > this.cursor));
      sent += rows.length;
      if (rows.length < limit) return;
    }
  }

  private send(rows: LiveChange[]): void {
    for (const r of rows) {
      if (r.seq <= this.cursor) continue;
      this.cursor = r.seq;
      this.write(sseEvent(r, { id: r.seq }));
    }
  }

  private write(text: string): void {
    if (this.closed || this.res.destroyed) return;
    this.res.write(text);
    // a client that reads nothing: end it rather than hold its backlog (it reconnects and resumes from its last id)
    if (this.res.writableLength > this.deps.config.maxBufferedBytes) {
      logger.warn(`ending the live stream of ${this.ctx.user_id} on ${this.accountId}: ${this.res.writableLength} bytes unread`);
      this.res.destroy();
      this.finish();
    }
  }

  /** Runs `job` after the jobs before it. Never rejects: a job that fails ends the stream (callers may `void` it). */
  private enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await job();
      } catch (err) {
        // a failed read of the log: the client reconnects with its last id and resumes where this stopped
        if (this.closed) return;
        logger.warn(`live stream of ${this.ctx.user_id} on ${this.accountId} ends: ${err instanceof Error ? err.message : String(err)}`);
        this.end();
      }
    });
    this.queue = run;
    return run;
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    for (const f of this.onClose.splice(0)) {
      try {
        f();
      } catch (err) {
        logger.error(`closing a live stream: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}
