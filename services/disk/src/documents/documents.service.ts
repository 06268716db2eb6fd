import { Injectable } from '@nestjs/common';
import { Calls, DISK_DESIGN, DISK_UPDATES, DISK_VIEWS, Doc, errors, FindReply, klassOfId, RestoreVersionBody, ViewReply, WriteReply } from '@app/proto';
import { DocumentProtocol, DocumentStore } from '@app/platform';
import { accountDb } from '../common/caller';
import { CloudFilePolicy } from '../files/cloud-file.policy';
import { DiskFiles } from '../files/disk-files';

type Req<K extends keyof Calls> = Calls[K]['req'];

/**
 * disk.doc.*: the document protocol for CloudFile (the disk's files and folders), its views (path, versions, usage)
 * and update handlers (trash, restore, restore-version). A DELETE removes for good, with what a folder holds. Only
 * groups have a disk (`/{account_id}/…`; 403 elsewhere).
 */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(
    store: DocumentStore,
    private readonly files: DiskFiles,
  ) {
    const policy = new CloudFilePolicy(files);
    const present = (doc: Doc): WriteReply => ({ ok: true, id: doc._id, rev: doc._rev, doc: policy.present(doc) });
    this.protocol = new DocumentProtocol(
      store,
      'disk',
      { CloudFile: policy },
      {
        [`${DISK_DESIGN}/${DISK_VIEWS.path}`]: async (ctx, params) => {
          const id = keyOf(params);
          const chain = await files.repo.ancestors(accountDb(ctx), id);
          if (!chain.length) throw errors.notFound();
          return { rows: chain.reverse().map((e) => ({ key: e.id, value: { name: e.name, kind: e.kind } })) };
        },
        [`${DISK_DESIGN}/${DISK_VIEWS.versions}`]: async (ctx, params) => {
          const id = keyOf(params);
          const doc = await files.get(ctx, id);
          if (!doc) throw errors.notFound();
          const versions = await files.repo.versions(accountDb(ctx), id);
          return { rows: versions.map(({ blob_key: _k, ...v }) => ({ key: v.version, value: { ...v, current: v.version === doc.version } })) };
        },
        [`${DISK_DESIGN}/${DISK_VIEWS.usage}`]: async (ctx) => ({ rows: [{ key: null, value: await files.usage(ctx) }] }),
        [`${DISK_DESIGN}/${DISK_VIEWS.starred}`]: async (ctx) => ({
          rows: (await files.repo.starred(accountDb(ctx))).map((doc) => ({ key: doc._id, value: policy.present(doc) })),
        }),
      },
      {
        [`${DISK_DESIGN}/${DISK_UPDATES.trash}`]: async (ctx, id) => present(await files.trash(ctx, id)),
        [`${DISK_DESIGN}/${DISK_UPDATES.restore}`]: async (ctx, id) => present(await files.restore(ctx, id)),
        [`${DISK_DESIGN}/${DISK_UPDATES.restoreVersion}`]: async (ctx, id, body) => {
          const parsed = RestoreVersionBody.safeParse(body);
          if (!parsed.success) throw errors.unprocessable({ version: 'is-invalid' });
          const reply = await files.restoreVersion(ctx, id, parsed.data.version);
          return reply.doc ? present(reply.doc as Doc) : reply;
        },
      },
    );
  }

  get(req: Req<'disk.doc.get'>): Promise<Doc> {
    accountDb(req.ctx);
    return this.protocol.get(req);
  }

  find(req: Req<'disk.doc.find'>): Promise<FindReply> {
    accountDb(req.ctx);
    return this.protocol.find(req);
  }

  post(req: Req<'disk.doc.post'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.post(req);
  }

  put(req: Req<'disk.doc.put'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.put(req);
  }

  /** For good, with everything a folder holds (the trash is the update handler `trash`). */
  async delete(req: Req<'disk.doc.delete'>): Promise<WriteReply> {
    accountDb(req.ctx);
    if (klassOfId(req.id) !== 'CloudFile') throw errors.notFound();
    const tombstone = await this.files.purge(req.ctx, req.id, req.rev);
    return { ok: true, id: tombstone._id, rev: tombstone._rev };
  }

  view(req: Req<'disk.doc.view'>): Promise<ViewReply> {
    accountDb(req.ctx);
    return this.protocol.view(req);
  }

  update(req: Req<'disk.doc.update'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.update(req);
  }
}

/** The view's `key` (a file or folder id). */
function keyOf(params: Record<string, unknown>): string {
  const key = params.key;
  if (typeof key !== 'string' || !key.startsWith('cfl-')) throw errors.badRequest('key must be a file or folder id (cfl-…)');
  return key;
}
