import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { CallerContext } from '@app/proto';
import { DISK_CONFIG, DiskConfig } from '../common/disk-config';
import { DavRepository } from '../dav/dav.repository';
import { DiskHttpServer } from '../http/disk-http';
import { DiskFiles } from './disk-files';

// The disk's housekeeping, every few minutes, by one copy of the service at a time (a PostgreSQL advisory lock): trash
// past its days purged, blobs no version names deleted an hour later, uploads left unfinished for a day dropped,
// expired WebDAV locks forgotten.

const logger = new Logger('disk-sweeper');
const EVERY_MS = Number(process.env.DISK_SWEEP_EVERY_MS || 5 * 60_000);
const ORPHAN_GRACE_MS = 3600_000;
const BATCH = 500;
/** the actor of the sweeper's purges in the change events */
export const SWEEPER_ACTOR = 'system:disk-sweeper';

@Injectable()
export class DiskSweeper implements OnModuleInit, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly files: DiskFiles,
    private readonly dav: DavRepository,
    private readonly http: DiskHttpServer,
    @Inject(DISK_CONFIG) private readonly config: DiskConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round (tests call it); skipped when another copy is sweeping. */
  sweep(now = new Date(), orphanGraceMs = ORPHAN_GRACE_MS): Promise<void> {
    this.running ??= this.round(now, orphanGraceMs).finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(now: Date, orphanGraceMs: number): Promise<void> {
    const pool = this.files.repo.pool;
    let client: PoolClient | undefined;
    let failed = false;
    try {
      // inside the try: the round runs from a timer (`void this.sweep()`), where a rejection would go unhandled
      client = await pool.connect();
      const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended('disk-sweeper', 7)) AS ok`);
      if (!rows[0]?.ok) return;
      try {
        await this.purgeTrash(new Date(now.getTime() - this.config.trashDays * 86400_000));
        await this.deleteOrphans(new Date(now.getTime() - orphanGraceMs));
        await this.http.tus.sweep();
        await this.dav.sweepLocks();
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtextextended('disk-sweeper', 7))`);
      }
    } catch (err) {
      failed = true;
      logger.error(`sweep: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      // after a failure the connection is closed rather than pooled: its session's advisory lock goes with it
      client?.release(failed);
    }
  }

  private async purgeTrash(before: Date): Promise<void> {
    for (const { account_id, id } of await this.files.repo.expiredTrash(before, BATCH)) {
      // the purge is the disk's own doing: its changes name this actor, no person
      const ctx: CallerContext = { user_id: SWEEPER_ACTOR, db: account_id, roles: [], admin: true, token: null, request_id: 'disk-sweeper' };
      try {
        await this.files.purgeExpired(ctx, id);
      } catch (err) {
        logger.warn(`purging ${id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private async deleteOrphans(olderThan: Date): Promise<void> {
    const repo = this.files.repo;
    for (const key of await repo.staleOrphans(olderThan, BATCH)) {
      const tx = await repo.pool.connect();
      try {
        await tx.query('BEGIN');
        await repo.lockBlob(tx, key); // an upload naming these bytes now waits, then finds them gone and fails
        if (await repo.forgetOrphan(tx, key, olderThan)) await this.files.blobs.delete(key);
        await tx.query('COMMIT');
      } catch (err) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        tx.release();
      }
    }
  }
}
