import { Injectable } from '@nestjs/common';
import { Calls, Doc, FindReply, ViewReply, WriteReply } from '@app/proto';
import { DocumentProtocol, DocumentStore } from '@app/platform';
import { accountDb } from '../common/caller';

type Req<K extends keyof Calls> = Calls[K]['req'];

/** notes.doc.*: handbooks (a markdown wiki) and bookmarks. Only groups hold them. */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(private readonly store: DocumentStore) {
    this.protocol = new DocumentProtocol(store, 'notes', {}, {}, {});
  }

  get(req: Req<'notes.doc.get'>): Promise<Doc> {
    accountDb(req.ctx);
    return this.protocol.get(req);
  }

  find(req: Req<'notes.doc.find'>): Promise<FindReply> {
    accountDb(req.ctx);
    return this.protocol.find(req);
  }

  post(req: Req<'notes.doc.post'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.post(req);
  }

  put(req: Req<'notes.doc.put'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.put(req);
  }

  delete(req: Req<'notes.doc.delete'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.delete(req);
  }

  view(req: Req<'notes.doc.view'>): Promise<ViewReply> {
    accountDb(req.ctx);
    return this.protocol.view(req);
  }

  update(req: Req<'notes.doc.update'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.update(req);
  }
}
