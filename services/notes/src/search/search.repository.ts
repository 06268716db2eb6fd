import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';

export interface SearchRow {
  id: string;
  klass: 'Handbook' | 'Bookmark';
  rank: number;
  title: string | null;
  uri: string | null;
  updated_at: string;
  /** a handbook's rendered HTML (content_html), whose text the snippet is cut from (search.rules renderedText) */
  html: string | null;
  /** else the text it is cut from: a bookmark's description or URL, a handbook stored before content_html existed */
  text: string;
  /** the tsquery as PostgreSQL wrote it, whose lexemes the snippet marks */
  query: string;
}

/** characters of a text the snippet is cut from */
const SNIPPET_SOURCE = 10_000;

/**
 * matches ranked at most, from the whole vector and again from the head (title, tags, fields): ranking reads each
 * match's vector (~2 kB for a 2 kB page, kept out of line), so a word on most of 100,000 pages would otherwise cost a
 * second; 300 cost a search 3–6 ms of PostgreSQL's CPU, 50 about a fifth of it (docs/benchmarks.md, bench/notes)
 */
export const RANKED_MATCHES = 50;

/**
 * Full-text search of a group's handbooks and bookmarks (notes.search_entries, kept by the `documents_search` trigger).
 * The query is read in both languages' configurations and the readings are OR-ed, so a page is found by the stems of
 * its own language whoever searches (a Portuguese page by its words' stems as written too, accents dropped after); ranked by ts_rank_cd (title A, tags and fields B, description C, content and URL D),
 * and only the page of hits shown brings its text, for the snippet cut in the service (search.rules). A query matching up to RANKED_MATCHES pages is ranked exactly;
 * beyond that, the ranking is among the first RANKED_MATCHES pages that match anywhere and the first RANKED_MATCHES
 * that match in their title, tags or fields (so a page named by the words still comes first).
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async search(db: string, q: string, limit: number): Promise<SearchRow[]> {
    // The tsquery is written out where it is used, not taken from a CTE, and the statement is not a named one: planned
    // with the query's text, PostgreSQL knows how common its words are (the vectors' statistics) and reads a common
    // word's first matches in table order rather than building a bitmap of all of them. Each match is ranked where it
    // is read (a page found both ways twice: the same rank, one kept), so the vectors are not carried to a sort.
    // three readings OR-ed, the same one once: unaccented then stemmed (pt, en), and stemmed as typed then unaccented
    // (pt: PostgreSQL's own portuguese stems "lubrificações" as "lubrific" only with its accents; migration 0003)
    const tsq = 'notes.search_query($2)';
    try {
      const { rows } = await this.pool.query<SearchRow>(
        `WITH anywhere AS (SELECT id, klass, ts_rank_cd(vector, ${tsq}) AS rank FROM notes.search_entries WHERE account_id = $1 AND vector @@ ${tsq} LIMIT ${RANKED_MATCHES}),
              named AS (SELECT id, klass, ts_rank_cd(vector, ${tsq}) AS rank FROM notes.search_entries WHERE account_id = $1 AND head @@ ${tsq} LIMIT ${RANKED_MATCHES}),
              hits AS (SELECT DISTINCT ON (rank, id) id, klass, rank FROM (SELECT * FROM anywhere UNION ALL SELECT * FROM named) u
                        ORDER BY rank DESC, id
                        LIMIT $3)
         SELECT h.id, h.klass, h.rank,
                coalesce(d.body->>'title', d.body->>'label', d.body->>'url') AS title,
                coalesce(d.body->>'uri', d.body->>'url') AS uri,
                d.body->>'updated_at' AS updated_at,
                CASE WHEN h.klass = 'Handbook' THEN left(d.body->>'content_html', ${SNIPPET_SOURCE}) END AS html,
                left(CASE WHEN h.klass = 'Handbook' THEN CASE WHEN d.body->>'content_html' IS NULL THEN coalesce(d.body->>'content', '') ELSE '' END
                          ELSE coalesce(nullif(d.body->>'description', ''), d.body->>'url', '') END, ${SNIPPET_SOURCE}) AS text,
                ${tsq}::text AS query
           FROM hits h JOIN notes.documents d ON d.account_id = $1 AND d.id = h.id AND NOT d.deleted
          ORDER BY h.rank DESC, h.id`,
        [db, q, limit],
      );
      return rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }
}
