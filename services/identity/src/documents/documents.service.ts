import { Injectable } from '@nestjs/common';
import { CallerContext, Calls, Doc, errors, FindReply, klassOfId, ViewReply, WriteReply } from '@app/proto';
import { DocumentProtocol, DocumentStore } from '@app/platform';
import { UserConfigurationPolicy } from '../configuration/user-configuration.policy';
import { TokensService } from '../tokens/tokens.service';
import { UserTokenPolicy } from '../tokens/user-token.policy';

type Req<K extends keyof Calls> = Calls[K]['req'];

/** The user's documents live in the user's own db: only that user reaches them (spec §7: /{user_id}/…). */
export function assertOwnDb(ctx: CallerContext): void {
  if (!ctx.user_id || ctx.db !== ctx.user_id) throw errors.forbidden();
}

/** identity.doc.*: the document protocol for UserConfiguration and UserToken. */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(
    store: DocumentStore,
    configurations: UserConfigurationPolicy,
    tokenPolicy: UserTokenPolicy,
    private readonly tokens: TokensService,
  ) {
    this.protocol = new DocumentProtocol(store, 'identity', { UserConfiguration: configurations, UserToken: tokenPolicy });
  }

  get(req: Req<'identity.doc.get'>): Promise<Doc> {
    assertOwnDb(req.ctx);
    return this.protocol.get(req);
  }

  find(req: Req<'identity.doc.find'>): Promise<FindReply> {
    assertOwnDb(req.ctx);
    return this.protocol.find(req);
  }

  /** A new UserToken is made by TokensService, whose reply shows the secret once; anything else by the protocol. */
  post(req: Req<'identity.doc.post'>): Promise<WriteReply> {
    assertOwnDb(req.ctx);
    const klass = req.doc.klass ?? (typeof req.doc._id === 'string' ? klassOfId(req.doc._id) : undefined);
    if (klass === 'UserToken') return this.tokens.create(req.ctx, req.doc);
    return this.protocol.post(req);
  }

  put(req: Req<'identity.doc.put'>): Promise<WriteReply> {
    assertOwnDb(req.ctx);
    return this.protocol.put(req);
  }

  delete(req: Req<'identity.doc.delete'>): Promise<WriteReply> {
    assertOwnDb(req.ctx);
    return this.protocol.delete(req);
  }

  view(req: Req<'identity.doc.view'>): Promise<ViewReply> {
    assertOwnDb(req.ctx);
    return this.protocol.view(req);
  }

  update(req: Req<'identity.doc.update'>): Promise<WriteReply> {
    assertOwnDb(req.ctx);
    return this.protocol.update(req);
  }
}
