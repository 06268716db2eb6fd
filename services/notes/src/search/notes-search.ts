import { Injectable } from '@nestjs/common';
import { NOTES_DESIGN, NOTES_VIEWS, NotesSearchHit } from '@app/proto';
import type { ViewHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { SearchRepository } from './search.repository';
import { markedSnippet, queryLexemes, renderedText, searchParams, snippetHtml, snippetMatcher } from './search.rules';

/** The `notes/search` view: handbooks and bookmarks of the group matching `q`, best first, with escaped snippets. */
@Injectable()
export class NotesSearch {
  constructor(private readonly repo: SearchRepository) {}

  views(): Record<string, ViewHandler> {
    return {
      [`${NOTES_DESIGN}/${NOTES_VIEWS.search}`]: async (ctx, params) => {
        const db = accountDb(ctx);
        const { q, limit } = searchParams(params);
        if (!q) return { rows: [] };
        const rows = await this.repo.search(db, q, limit);
        const matcher = rows.length ? snippetMatcher(queryLexemes(rows[0].query ?? '')) : null;
        return {
          rows: rows.map((r) => {
            const snippet = snippetHtml(markedSnippet(r.html != null ? renderedText(r.html) : (r.text ?? ''), matcher));
            const hit: NotesSearchHit = { _id: r.id, klass: r.klass, title: r.title ?? '', uri: r.uri ?? '', snippet, rank: r.rank, updated_at: r.updated_at };
            return { key: r.rank, value: hit };
          }),
        };
      },
    };
  }
}
