import { CallerContext, CLOUD_FILE_SERVER_FIELDS, CloudFileFields, Doc, errors, FIELD_MESSAGES, isTrashedKind } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { actorOf } from '../common/caller';
import { DiskFiles } from './disk-files';

/**
 * CloudFile through the document API: a POST makes a folder (files come from uploads); a PUT renames, moves, stars,
 * colours, describes or sets max_versions, keeping what only the service writes (kind, size, version, blob, trash
 * fields) as stored. Deletes and the trash go through DiskFiles (documents.service.ts).
 */
export class CloudFilePolicy implements KlassPolicy {
  readonly schema = CloudFileFields as unknown as KlassPolicy['schema'];

  constructor(private readonly files: DiskFiles) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const dirId = (fields.dir_id as string | null | undefined) ?? null;
    const name = String(fields.name);
    if (!prev) {
      if (fields.kind !== undefined && fields.kind !== 'dir') throw errors.unprocessable({ kind: FIELD_MESSAGES.invalid });
      await this.files.checkPlace(ctx, null, dirId, name, 'dir');
      const out: Record<string, unknown> = { ...fields, kind: 'dir', dir_id: dirId, starred: fields.starred ?? false, user: actorOf(ctx) };
      for (const f of CLOUD_FILE_SERVER_FIELDS) delete out[f];
      return out;
    }
    if (isTrashedKind(prev.kind)) throw errors.conflict('This item is in the trash: restore it first');
    if (dirId !== (prev.dir_id ?? null) || name !== prev.name) await this.files.checkPlace(ctx, prev._id, dirId, name, String(prev.kind));
    const out: Record<string, unknown> = { ...fields, kind: prev.kind, dir_id: dirId, user: prev.user ?? null };
    for (const f of CLOUD_FILE_SERVER_FIELDS) {
      if (prev[f] === undefined) delete out[f];
      else out[f] = prev[f];
    }
    return out;
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.name === 'string' ? doc.name : null };
  }
}
