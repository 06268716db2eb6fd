import { Injectable } from '@nestjs/common';
import { Calls, Doc, FindReply, ViewReply, WriteReply } from '@app/proto';
import { DocumentProtocol, DocumentStore } from '@app/platform';
import { accountDb } from '../common/caller';

type Req<K extends keyof Calls> = Calls[K]['req'];

/** reader.doc.*: feed subscriptions, labels and their items. Only groups hold them. */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(private readonly store: DocumentStore) {
    this.protocol = new DocumentProtocol(store, 'reader', {}, {}, {});
  }

  get(req: Req<'reader.doc.get'>): Promise<Doc> {
    accountDb(req.ctx);
    return this.protocol.get(req);
  }

  find(req: Req<'reader.doc.find'>): Promise<FindReply> {
    accountDb(req.ctx);
    return this.protocol.find(req);
  }

  post(req: Req<'reader.doc.post'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.post(req);
  }

  put(req: Req<'reader.doc.put'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.put(req);
  }

  delete(req: Req<'reader.doc.delete'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.delete(req);
  }

  view(req: Req<'reader.doc.view'>): Promise<ViewReply> {
    accountDb(req.ctx);
    return this.protocol.view(req);
  }

  update(req: Req<'reader.doc.update'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.update(req);
  }
}
