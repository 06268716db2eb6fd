import { Injectable } from '@nestjs/common';
import { CallerContext, errors, HANDBOOK_REVISIONS_MAX_BYTES, HANDBOOK_UPDATES, HANDBOOK_VIEWS, HANDBOOKS_DESIGN, HandbookPreviewBody, ViewReply, WriteReply } from '@app/proto';
import type { UpdateHandler, ViewHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { parseFields } from '../common/fields';
import { renderHandbook } from './handbook-html.rules';
import { HandbooksRepository } from './handbooks.repository';

/** The `handbooks` design: by_uri, revisions and tags views, and the preview handler. */
@Injectable()
export class HandbookViews {
  constructor(private readonly repo: HandbooksRepository) {}

  views(): Record<string, ViewHandler> {
    return {
      [`${HANDBOOKS_DESIGN}/${HANDBOOK_VIEWS.byUri}`]: (ctx, params) => this.byUri(ctx, params),
      [`${HANDBOOKS_DESIGN}/${HANDBOOK_VIEWS.revisions}`]: (ctx, params) => this.revisions(ctx, params),
      [`${HANDBOOKS_DESIGN}/${HANDBOOK_VIEWS.tags}`]: async (ctx) => ({ rows: (await this.repo.tags(accountDb(ctx))).map((t) => ({ key: t.tag, value: t.count })) }),
    };
  }

  updates(): Record<string, UpdateHandler> {
    return { [`${HANDBOOKS_DESIGN}/${HANDBOOK_UPDATES.preview}`]: (ctx, id, body) => this.preview(ctx, id, body) };
  }

  private async byUri(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    const key = params.key;
    if (typeof key !== 'string' || !key) throw errors.badRequest('key must be a handbook address');
    const found = await this.repo.byUri(accountDb(ctx), key);
    return { rows: found ? [{ key, value: found }] : [] };
  }

  private async revisions(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    const key = params.key;
    if (typeof key !== 'string' || !key) throw errors.badRequest('key must be a handbook id');
    const revision = params.revision === undefined ? null : Number(params.revision);
    if (revision !== null && (!Number.isInteger(revision) || revision < 1)) throw errors.badRequest('revision must be a whole number from 1');
    const rows = await this.repo.revisions(accountDb(ctx), key, revision, HANDBOOK_REVISIONS_MAX_BYTES);
    return { rows: rows.map((r) => ({ key: r.revision, value: r })) };
  }

  /** What a save would store as content_html, without saving anything. */
  private async preview(ctx: CallerContext, id: string, body: unknown): Promise<WriteReply> {
    const db = accountDb(ctx);
    const { content, content_type } = parseFields(HandbookPreviewBody, body ?? {});
    return { ok: true, id, rev: '', doc: { content_html: renderHandbook(content, content_type, db).html } };
  }
}
