import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { START, STOP } from './search.rules';

export interface SearchRow {
  id: string;
  klass: 'Handbook' | 'Bookmark';
  rank: number;
  title: string | null;
  uri: string | null;
  updated_at: string;
  headline: string;
}

/** characters of a text the snippet is cut from (ts_headline reads the whole text it is given) */
const SNIPPET_SOURCE = 10_000;
/**
 * A handbook's text as its reader sees it, for the snippet: the rendered HTML (content_html: sanitized, written by
 * markdown-it) without its tags and with the entities it escapes read back, so a snippet shows "Troca de óleo", not
 * "## **Troca** de [óleo](/handbooks/oleo)". A handbook stored before content_html existed falls back to its content.
 */
const RENDERED_TEXT = `replace(replace(replace(replace(replace(regexp_replace(coalesce(d.body->>'content_html', d.body->>'content', ''), '<[^>]*>', ' ', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;

/**
 * matches ranked at most, from the whole vector and again from the head (title, tags, fields): ranking reads each
 * match's vector, so a word on most of 100,000 pages would otherwise cost a second
 */
export const RANKED_MATCHES = 300;

/**
 * Full-text search of a group's handbooks and bookmarks (notes.search_entries, kept by the `documents_search` trigger).
 * The query is read in both languages' configurations and the two are OR-ed, so a page is found by the stems of its
 * own language whoever searches; ranked by ts_rank_cd (title A, tags and fields B, description C, content and URL D),
 * and only the page of hits shown gets a headline. A query matching up to RANKED_MATCHES pages is ranked exactly;
 * beyond that, the ranking is among the first RANKED_MATCHES pages that match anywhere and the first RANKED_MATCHES
 * that match in their title, tags or fields (so a page named by the words still comes first).
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async search(db: string, q: string, limit: number): Promise<SearchRow[]> {
    // The tsquery is written out where it is used, not taken from a CTE, and the statement is not a named one: planned
    // with the query's text, PostgreSQL knows how common its words are (the vectors' statistics) and reads a common
    // word's first matches in table order rather than building a bitmap of all of them.
    const tsq = "(websearch_to_tsquery('notes.portuguese', $2) || websearch_to_tsquery('notes.english', $2))";
    try {
      const { rows } = await this.pool.query<SearchRow>(
        `WITH anywhere AS (SELECT id, klass, vector FROM notes.search_entries WHERE account_id = $1 AND vector @@ ${tsq} LIMIT ${RANKED_MATCHES}),
              named AS (SELECT id, klass, vector FROM notes.search_entries WHERE account_id = $1 AND head @@ ${tsq} LIMIT ${RANKED_MATCHES}),
              hits AS (SELECT c.id, c.klass, ts_rank_cd(c.vector, ${tsq}) AS rank
                         FROM (SELECT DISTINCT ON (id) id, klass, vector FROM (SELECT * FROM anywhere UNION ALL SELECT * FROM named) u ORDER BY id) c
                        ORDER BY rank DESC, c.id
                        LIMIT $3)
         SELECT h.id, h.klass, h.rank,
                coalesce(d.body->>'title', d.body->>'label', d.body->>'url') AS title,
                coalesce(d.body->>'uri', d.body->>'url') AS uri,
                d.body->>'updated_at' AS updated_at,
                ts_headline(notes.search_config(d.body->>'language'),
                            translate(left(CASE WHEN h.klass = 'Handbook' THEN ${RENDERED_TEXT}
                                                ELSE coalesce(nullif(d.body->>'description', ''), d.body->>'url', '') END, ${SNIPPET_SOURCE}), $4, ''),
                            ${tsq}, $5) AS headline
           FROM hits h JOIN notes.documents d ON d.account_id = $1 AND d.id = h.id AND NOT d.deleted
          ORDER BY h.rank DESC, h.id`,
        [db, q, limit, START + STOP, `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15, ShortWord=2`],
      );
      return rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }
}
