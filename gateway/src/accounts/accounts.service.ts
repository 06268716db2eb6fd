import { Injectable } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import { AccountChildrenReply, AccountCreateReply, AccountGetReply, ChangesReply, DbInfoReply, errors, SecurityReply, WriteReply } from '@app/proto';
import { ResolvedCaller } from '../auth/caller';
import { SessionStore } from '../auth/session.store';
import { TenancyService } from '../documents/tenancy.service';
import { objectBody } from '../http/body-parser';
import { parseFields, revOf, single } from '../http/query';

// Groups (`/accounts/…`) and the database-level calls of the document API (`GET /{db}`, `_changes`, `_security`), each
// one call to the accounts service after the tenancy check.

@Injectable()
export class AccountsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tenancy: TenancyService,
    private readonly sessions: SessionStore,
  ) {}

  /** POST /accounts: a new group (or a corporate sub-group of a group the caller belongs to); the caller's roles change. */
  async create(caller: ResolvedCaller, rawBody: unknown): Promise<AccountCreateReply> {
    const body = objectBody(rawBody);
    const parent = body.parent_account_id;
    if (parent !== undefined && parent !== null && typeof parent !== 'string') throw errors.badRequest('parent_account_id must be a group id');
    if (typeof parent === 'string') await this.tenancy.resolveGroup(caller.ctx, parent); // a member of the parent, at least
    const ctx = { ...caller.ctx, db: null, admin: false };
    const reply = await this.rpc.call('accounts.account.create', { ctx, name: body.name, ...(typeof parent === 'string' ? { parent_account_id: parent } : {}) });
    await this.profileChanged(caller);
    return reply;
  }

  async get(caller: ResolvedCaller, accountId: string, fields: unknown): Promise<AccountGetReply> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    return this.rpc.call('accounts.account.get', { ctx, fields: parseFields(fields) });
  }

  /** PUT /accounts/{account_id}: the group profile; a new name reaches the memberships (and the session's list). */
  async update(caller: ResolvedCaller, accountId: string, queryRev: unknown, rawBody: unknown): Promise<WriteReply> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    const body = objectBody(rawBody);
    const reply = await this.rpc.call('accounts.account.update', { ctx, rev: revOf(queryRev, body), body });
    await this.profileChanged(caller);
    return reply;
  }

  async children(caller: ResolvedCaller, accountId: string): Promise<AccountChildrenReply> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    return this.rpc.call('accounts.account.children', { ctx });
  }

  /** GET /{db}: update_seq and doc_count of a group or of the caller's own user database. */
  async dbInfo(caller: ResolvedCaller, db: string): Promise<DbInfoReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    return this.rpc.call('accounts.db.info', { ctx });
  }

  /** GET /{db}/_changes: the parameters go as text; the accounts service checks them. */
  async changes(caller: ResolvedCaller, db: string, query: Record<string, unknown>): Promise<ChangesReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const param = (name: string) => {
      const value = single(query[name], name);
      return value === undefined ? {} : { [name]: value };
    };
    return this.rpc.call('accounts.changes.get', { ctx, ...param('since'), ...param('include_docs'), ...param('limit'), ...param('descending') });
  }

  async security(caller: ResolvedCaller, db: string): Promise<SecurityReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    return this.rpc.call('accounts.security.get', { ctx });
  }

  private async profileChanged(caller: ResolvedCaller): Promise<void> {
    if (caller.via === 'session') await this.sessions.markStale(caller.sessionId!, caller.session!);
  }
}
