import { Injectable } from '@nestjs/common';
import { CallerContext, ChangeResult, ChangesGetRequest, ChangesReply, DbInfoReply, ViewReply } from '@app/proto';
import { anyDb } from '../common/caller';
import { changeLabel } from '../common/privacy.rules';
import { actionOf, actorLabel, countByKlassRows, parseChangesParams } from './change.rules';
import { ChangesRepository } from './changes.repository';

/** The change feed of an account (or of the caller's user db): db info, `_changes`, the count-by-klass view. */
@Injectable()
export class ChangesService {
  constructor(private readonly changes: ChangesRepository) {}

  /** GET /{account_id}: `update_seq` is the account's last change seq; `doc_count` its live documents. */
  async dbInfo(ctx: CallerContext): Promise<DbInfoReply> {
    const db = anyDb(ctx);
    return { db_name: db, ...(await this.changes.info(db)) };
  }

  /**
   * GET /{account_id}/_changes: every logged write after `since` (newest first unless descending=false), each with
   * its derived action; with include_docs a live record carries `{_id, _rev, label, updated_at}`, a deleted one only
   * its id (a membership's label, its address, masked for others than administrators). `last_seq` is the highest seq
   * answered (or `since` when nothing is newer). `actor_label` names who made each change (actorLabel), looked up
   * in the group's memberships when asked, so a renamed member's older changes show the new name.
   */
  async get(req: ChangesGetRequest): Promise<ChangesReply> {
    const db = anyDb(req.ctx);
    const params = parseChangesParams(req);
    const since = params.since === 'now' ? await this.changes.lastSeq(db) : params.since;
    const rows = await this.changes.entries(db, since, params.limit, params.descending);
    const actors = [...new Set(rows.flatMap((r) => (r.actor ? [r.actor] : [])))];
    const names = await this.changes.memberNames(db, actors);
    const results = rows.map((r): ChangeResult => {
      const out: ChangeResult = {
        seq: r.seq,
        id: r.id,
        changes: [{ rev: r.rev }],
        action: actionOf(r.rev, r.deleted),
        klass: r.klass,
        actor_label: r.actor ? actorLabel(req.ctx, names.get(r.actor)) : null,
      };
      if (r.deleted) out.deleted = true;
      else if (params.includeDocs) out.doc = { _id: r.id, _rev: r.rev, label: changeLabel(req.ctx, r.klass, r.label), updated_at: r.updated_at };
      return out;
    });
    return { results, last_seq: results.reduce((max, r) => Math.max(max, r.seq), since) };
  }

  /** `_design/count-by-klass/_view/all` (spec §2 admin tiles, usage, billing). */
  async countByKlass(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    const db = anyDb(ctx);
    return { rows: countByKlassRows(await this.changes.counters(db), params) };
  }
}
