import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { Doc } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';

type Q = Pool | PoolClient;

async function run<R extends object>(q: Q, text: string, values: unknown[]): Promise<R[]> {
  try {
    return (await q.query<R>(text, values)).rows;
  } catch (e) {
    throw mapPgError(e);
  }
}

/** bookmarks one export answer reads at most (the byte budget usually ends it first) */
export const EXPORT_BATCH = 5000;

/** Every SQL statement of bookmarks: duplicates by normalized URL (index documents_bookmark_normalized_url_idx) and the export. */
@Injectable()
export class BookmarksRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Bookmark writes that decide duplicates take turns in their group, so two saves of one URL can't both miss each other. */
  async lockGroup(tx: PoolClient, db: string): Promise<void> {
    await run(tx, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`notes:bookmarks:${db}`]);
  }

  /** Bookmarks of any group still waiting for their page fetch since before `before` (index documents_bookmark_pending_idx). */
  async pendingFetches(before: Date, limit: number): Promise<Array<{ db: string; id: string; rev: string }>> {
    return run<{ db: string; id: string; rev: string }>(
      this.pool,
      `SELECT account_id AS db, id, rev FROM notes.documents
        WHERE klass = 'Bookmark' AND NOT deleted AND (body ->> 'fetch_status') = 'pending' AND updated_at < $1
        ORDER BY updated_at LIMIT $2`,
      [before.toISOString(), limit],
    );
  }

  /** The oldest live bookmark with this normalized URL other than `exceptId`, or null. */
  async firstWithUrl(q: Q, db: string, normalized: string, exceptId: string | null): Promise<string | null> {
    const rows = await run<{ id: string }>(
      q,
      `SELECT id FROM notes.documents
        WHERE account_id = $1 AND klass = 'Bookmark' AND NOT deleted AND body #> '{normalized_url}' = to_jsonb($2::text) AND id IS DISTINCT FROM $3
        ORDER BY body->>'added_at', id LIMIT 1`,
      [db, normalized, exceptId],
    );
    return rows[0]?.id ?? null;
  }

  /** The live bookmarks with this normalized URL, oldest first. */
  async withUrl(q: Q, db: string, normalized: string): Promise<Doc[]> {
    const rows = await run<{ body: Doc }>(
      q,
      `SELECT body FROM notes.documents
        WHERE account_id = $1 AND klass = 'Bookmark' AND NOT deleted AND body #> '{normalized_url}' = to_jsonb($2::text)
        ORDER BY body->>'added_at', id LIMIT 1000`,
      [db, normalized],
    );
    return rows.map((r) => r.body);
  }

  /** Which of these normalized URLs the group's live bookmarks have already. */
  async existingUrls(q: Q, db: string, normalized: string[]): Promise<Set<string>> {
    if (!normalized.length) return new Set();
    const rows = await run<{ url: string }>(
      q,
      `SELECT DISTINCT body->>'normalized_url' AS url FROM notes.documents
        WHERE account_id = $1 AND klass = 'Bookmark' AND NOT deleted AND body #> '{normalized_url}' = ANY(SELECT to_jsonb(u) FROM unnest($2::text[]) AS u)`,
      [db, normalized],
    );
    return new Set(rows.map((r) => r.url));
  }

  /** A page of the group's bookmarks for the export, oldest first, and how many it has in all. */
  async exportPage(db: string, skip: number): Promise<{ docs: Doc[]; total: number }> {
    const [rows, count] = await Promise.all([
      run<{ body: Doc }>(
        this.pool,
        `SELECT body FROM notes.documents WHERE account_id = $1 AND klass = 'Bookmark' AND NOT deleted
          ORDER BY body #> '{added_at}', id LIMIT ${EXPORT_BATCH} OFFSET $2`,
        [db, skip],
      ),
      run<{ n: number }>(this.pool, "SELECT count(*)::int AS n FROM notes.documents WHERE account_id = $1 AND klass = 'Bookmark' AND NOT deleted", [db]),
    ]);
    return { docs: rows.map((r) => r.body), total: count[0]?.n ?? 0 };
  }
}
