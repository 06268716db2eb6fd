import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { Doc, HandbookContentType, HandbookField, HandbookLink, HandbookRevision, MAX_HANDBOOK_REVISIONS } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';

/** the most backlinks a handbook lists (by title) */
export const MAX_LINKED_BY = 500;

type Q = Pool | PoolClient;

async function run<R extends object>(q: Q, text: string, values: unknown[]): Promise<R[]> {
  try {
    return (await q.query<R>(text, values)).rows;
  } catch (e) {
    throw mapPgError(e);
  }
}

export interface RevisionRow {
  revision: number;
  title: string;
  content: string;
  content_type: HandbookContentType;
  categories: string[];
  fields: HandbookField[];
  updated_by: string | null;
  updated_by_label: string | null;
  updated_at: string;
}

/** Every SQL statement of handbooks beside their documents: addresses, links, tags, revisions, and their views. */
@Injectable()
export class HandbooksRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Handbook writes of one group take turns (the link graph and the addresses are read and written as a whole). */
  async lockGroup(tx: PoolClient, db: string): Promise<void> {
    await run(tx, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`notes:handbooks:${db}`]);
  }

  /** The stored row, locked for the rest of the transaction; null when there is none. */
  async readForUpdate(tx: PoolClient, db: string, id: string): Promise<{ deleted: boolean; body: Doc } | null> {
    const rows = await run<{ deleted: boolean; body: Doc }>(tx, 'SELECT deleted, body FROM notes.documents WHERE account_id = $1 AND id = $2 FOR UPDATE', [db, id]);
    return rows[0] ?? null;
  }

  /** The handbook an address belongs to (now or before), or null. */
  async slugOwner(q: Q, db: string, slug: string): Promise<string | null> {
    const rows = await run<{ handbook_id: string }>(q, 'SELECT handbook_id FROM notes.handbook_slugs WHERE account_id = $1 AND slug = $2', [db, slug]);
    return rows[0]?.handbook_id ?? null;
  }

  /** The addresses taken that a title's candidates could meet: `base` and `base-…`. */
  async takenLike(tx: PoolClient, db: string, base: string): Promise<Set<string>> {
    // slugs hold only [a-z0-9-], so the base has no LIKE wildcard to escape
    const rows = await run<{ slug: string }>(tx, "SELECT slug FROM notes.handbook_slugs WHERE account_id = $1 AND (slug = $2 OR slug LIKE $2 || '-%')", [db, base]);
    return new Set(rows.map((r) => r.slug));
  }

  /** A handbook's addresses replaced: the current one and the earlier ones. */
  async setSlugs(tx: PoolClient, db: string, id: string, current: string, old: string[]): Promise<void> {
    await run(tx, 'DELETE FROM notes.handbook_slugs WHERE account_id = $1 AND handbook_id = $2', [db, id]);
    await run(
      tx,
      `INSERT INTO notes.handbook_slugs (account_id, slug, handbook_id, current)
       SELECT $1, s, $2, s = $3 FROM unnest($4::text[]) AS s`,
      [db, id, current, [current, ...old.filter((s) => s !== current)]],
    );
  }

  async setLinks(tx: PoolClient, db: string, id: string, targets: string[]): Promise<void> {
    await run(tx, 'DELETE FROM notes.handbook_links WHERE account_id = $1 AND source_id = $2', [db, id]);
    if (targets.length) {
      await run(tx, 'INSERT INTO notes.handbook_links (account_id, source_id, target) SELECT $1, $2, t FROM unnest($3::text[]) AS t ON CONFLICT DO NOTHING', [db, id, targets]);
    }
  }

  async setTags(tx: PoolClient, db: string, id: string, tags: string[]): Promise<void> {
    await run(tx, 'DELETE FROM notes.handbook_tags WHERE account_id = $1 AND handbook_id = $2', [db, id]);
    if (tags.length) {
      await run(tx, 'INSERT INTO notes.handbook_tags (account_id, handbook_id, tag) SELECT $1, $2, t FROM unnest($3::text[]) AS t ON CONFLICT DO NOTHING', [db, id, tags]);
    }
  }

  /** Addresses given up by whatever handbook holds them (a restore puts the archived owner back). */
  async releaseSlugs(tx: PoolClient, db: string, slugs: string[]): Promise<void> {
    if (slugs.length) await run(tx, 'DELETE FROM notes.handbook_slugs WHERE account_id = $1 AND slug = ANY($2::text[])', [db, slugs]);
  }

  /** A revision recorded unless that one is there already (a restore over the same group). */
  async keepRevision(tx: PoolClient, db: string, id: string, r: RevisionRow): Promise<void> {
    await run(
      tx,
      `INSERT INTO notes.handbook_revisions (account_id, handbook_id, revision, title, content, content_type, categories, fields, updated_by, updated_by_label, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11) ON CONFLICT DO NOTHING`,
      [db, id, r.revision, r.title, r.content, r.content_type, JSON.stringify(r.categories), JSON.stringify(r.fields), r.updated_by, r.updated_by_label, r.updated_at],
    );
  }

  /** Everything kept beside a deleted handbook: its addresses, links, tags and revisions. */
  async forget(tx: PoolClient, db: string, id: string): Promise<void> {
    await run(tx, 'DELETE FROM notes.handbook_slugs WHERE account_id = $1 AND handbook_id = $2', [db, id]);
    await run(tx, 'DELETE FROM notes.handbook_links WHERE account_id = $1 AND source_id = $2', [db, id]);
    await run(tx, 'DELETE FROM notes.handbook_tags WHERE account_id = $1 AND handbook_id = $2', [db, id]);
    await run(tx, 'DELETE FROM notes.handbook_revisions WHERE account_id = $1 AND handbook_id = $2', [db, id]);
  }

  /** Records a revision and drops those past the newest MAX_HANDBOOK_REVISIONS. */
  async addRevision(tx: PoolClient, db: string, id: string, r: RevisionRow): Promise<void> {
    await run(
      tx,
      `INSERT INTO notes.handbook_revisions (account_id, handbook_id, revision, title, content, content_type, categories, fields, updated_by, updated_by_label, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11)`,
      [db, id, r.revision, r.title, r.content, r.content_type, JSON.stringify(r.categories), JSON.stringify(r.fields), r.updated_by, r.updated_by_label, r.updated_at],
    );
    await run(tx, 'DELETE FROM notes.handbook_revisions WHERE account_id = $1 AND handbook_id = $2 AND revision <= $3', [db, id, r.revision - MAX_HANDBOOK_REVISIONS]);
  }

  /** The live handbooks that these link targets (slugs, old slugs or ids) name. */
  async resolve(tx: PoolClient, db: string, targets: string[]): Promise<string[]> {
    if (!targets.length) return [];
    const rows = await run<{ id: string }>(
      tx,
      `SELECT handbook_id AS id FROM notes.handbook_slugs WHERE account_id = $1 AND slug = ANY($2::text[])
       UNION
       SELECT id FROM notes.documents WHERE account_id = $1 AND id = ANY($2::text[]) AND klass = 'Handbook' AND NOT deleted`,
      [db, targets],
    );
    return rows.map((r) => r.id);
  }

  /** The handbooks linking to `id` (by its id or any of its addresses), by title, at most MAX_LINKED_BY. */
  async linkedBy(q: Q, db: string, id: string): Promise<HandbookLink[]> {
    return run<HandbookLink>(
      q,
      `SELECT d.id AS "_id", d.body->>'title' AS title, d.body->>'uri' AS uri
         FROM (SELECT DISTINCT l.source_id FROM notes.handbook_links l
                WHERE l.account_id = $1 AND l.source_id <> $2
                  AND (l.target = $2 OR l.target IN (SELECT slug FROM notes.handbook_slugs WHERE account_id = $1 AND handbook_id = $2))) s
         JOIN notes.documents d ON d.account_id = $1 AND d.id = s.source_id AND NOT d.deleted
        ORDER BY d.body->>'title' COLLATE "C", d.id
        LIMIT ${MAX_LINKED_BY}`,
      [db, id],
    );
  }

  // ---- views ----------------------------------------------------------------------------------------------------------

  /** The handbook with this address now or before, and its current address. */
  async byUri(db: string, slug: string): Promise<{ _id: string; uri: string } | null> {
    const rows = await run<{ _id: string; uri: string }>(
      this.pool,
      `SELECT s.handbook_id AS "_id", c.slug AS uri
         FROM notes.handbook_slugs s
         JOIN notes.handbook_slugs c ON c.account_id = s.account_id AND c.handbook_id = s.handbook_id AND c.current
        WHERE s.account_id = $1 AND s.slug = $2`,
      [db, slug],
    );
    return rows[0] ?? null;
  }

  /**
   * A handbook's revisions, newest first (or only `revision`), their contents while the answer stays under
   * `maxBytes` (the first one always whole); older contents are left out and marked.
   */
  async revisions(db: string, id: string, revision: number | null, maxBytes: number): Promise<HandbookRevision[]> {
    const rows = await run<HandbookRevision & { bytes: number }>(
      this.pool,
      `SELECT revision, title, content_type, categories, fields, updated_by, updated_by_label,
              to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
              CASE WHEN sum(octet_length(content)) OVER (ORDER BY revision DESC) - octet_length(content) < $4 OR $3::int IS NOT NULL THEN content END AS content,
              octet_length(content) AS bytes
         FROM notes.handbook_revisions
        WHERE account_id = $1 AND handbook_id = $2 AND ($3::int IS NULL OR revision = $3::int)
        ORDER BY revision DESC`,
      [db, id, revision, maxBytes],
    );
    let used = 0;
    return rows.map(({ bytes, ...r }) => {
      used += bytes;
      if (r.content !== null && (used <= maxBytes || used === bytes)) return r;
      return { ...r, content: '', content_omitted: true as const };
    });
  }

  /** Every tag of the group's handbooks with its count, by tag. */
  async tags(db: string): Promise<Array<{ tag: string; count: number }>> {
    return run<{ tag: string; count: number }>(
      this.pool,
      'SELECT tag, count(*)::int AS count FROM notes.handbook_tags WHERE account_id = $1 GROUP BY tag ORDER BY tag LIMIT 5000',
      [db],
    );
  }
}
