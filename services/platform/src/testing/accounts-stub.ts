import { connect, JSONCodec, type Msg, type NatsConnection } from 'nats';
import { AppError, errors, subject, type CallerContext, type CallName, type Calls, type Doc } from '@app/proto';
import { ctxOf, newUser, uniqueId, type TestUser } from './callers';

// The accounts service as a module service's tests need it, answered from memory on NATS: groups, their members and
// their configuration. A module's harness starts it instead of the accounts service, so no service's tests load
// another service's code; the e2e tests run the real one. It answers, in the accounts service's wire format, only
//   accounts.membership.resolve  the accepted membership of a user (forbidden otherwise, not_found for no group),
//   accounts.account.get         the group's name, to its accepted members,
//   accounts.doc.find            the group's AccountConfiguration documents by `key` (a value or {$in: [...]}).
// Any other accounts call finds no responder (service_unavailable), so a test that needs more says so at once.

const codec = JSONCodec<unknown>();

interface StubMember {
  status: 'accepted' | 'pending';
  admin: boolean;
}

interface StubGroupState {
  name: string;
  members: Map<string, StubMember>;
  config: Map<string, unknown>;
}

/** A group of its own: the owner (an accepted administrator) and the owner's context in it. */
export interface StubGroup {
  id: string;
  owner: TestUser;
  ctx: CallerContext;
}

type Handler<K extends CallName> = (req: Calls[K]['req']) => Calls[K]['res'];

export class AccountsStub {
  private readonly groups = new Map<string, StubGroupState>();

  private constructor(private readonly nc: NatsConnection) {}

  /** Subscribes on the current APP_PREFIX: start it after the prefix is set (e.g. after startInProcess). */
  static async start(natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222'): Promise<AccountsStub> {
    const stub = new AccountsStub(await connect({ servers: natsUrl, name: 'accounts-stub' }));
    stub.serve('accounts.membership.resolve', (req) => {
      const group = stub.groups.get(req.account_id);
      if (!group) throw errors.notFound();
      const m = group.members.get(req.user_id);
      if (m?.status !== 'accepted') throw errors.forbidden();
      return { subscription_id: `sub-${req.user_id}`, admin: m.admin, status: 'accepted', report_view: m.admin, account_name: group.name, parent_account_id: null };
    });
    stub.serve('accounts.account.get', (req) => {
      const [id, group] = stub.memberOf(req.ctx);
      return { _id: id, _rev: '1-stub', klass: 'Account', name: group.name };
    });
    stub.serve('accounts.doc.find', (req) => {
      const [id, group] = stub.memberOf(req.ctx);
      const selector = req.query.selector as { klass?: unknown; key?: unknown };
      if (selector.klass !== 'AccountConfiguration') throw new AppError('bad_request', 'the accounts stub finds AccountConfiguration only');
      const wanted = (key: string) => (isIn(selector.key) ? selector.key.$in.includes(key) : selector.key === undefined || selector.key === key);
      const docs = [...group.config].filter(([key]) => wanted(key)).map(([key, value]) => ({ _id: `acn-${id}-${key}`, _rev: '1-stub', klass: 'AccountConfiguration', key, value }) as unknown as Doc);
      return { docs };
    });
    await stub.nc.flush();
    return stub;
  }

  /** A new group owned by `owner` (an accepted administrator). */
  group(name = 'Repair shop', owner: TestUser = newUser()): StubGroup {
    const id = `acc-${uniqueId()}`;
    this.groups.set(id, { name, members: new Map([[owner.user_id, { status: 'accepted', admin: true }]]), config: new Map() });
    return { id, owner, ctx: ctxOf(owner, id, { admin: true }) };
  }

  /** Adds `user` to the group (an accepted member by default; `pending` is an invitation not accepted yet). */
  member(group: StubGroup, user: TestUser = newUser(), opts: { status?: StubMember['status']; admin?: boolean } = {}): { user: TestUser; ctx: CallerContext } {
    this.state(group.id).members.set(user.user_id, { status: opts.status ?? 'accepted', admin: opts.admin ?? false });
    return { user, ctx: ctxOf(user, group.id, { admin: opts.admin ?? false }) };
  }

  /** Sets one AccountConfiguration key of the group. */
  setConfig(group: StubGroup, key: string, value: unknown): void {
    this.state(group.id).config.set(key, value);
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }

  private state(id: string): StubGroupState {
    const g = this.groups.get(id);
    if (!g) throw new Error(`no stub group ${id}`);
    return g;
  }

  /** The group addressed by the context, when its caller is an accepted member (as the accounts service checks). */
  private memberOf(ctx: CallerContext): [string, StubGroupState] {
    const group = ctx.db ? this.groups.get(ctx.db) : undefined;
    if (!group || !ctx.user_id || group.members.get(ctx.user_id)?.status !== 'accepted') throw errors.forbidden();
    return [ctx.db!, group];
  }

  private serve<K extends CallName>(name: K, handler: Handler<K>): void {
    this.nc.subscribe(subject(name), {
      callback: (err, msg) => {
        if (!err) this.answer(msg, handler as unknown as Handler<CallName>);
      },
    });
  }

  private answer(msg: Msg, handler: Handler<CallName>): void {
    const packet = codec.decode(msg.data) as { id?: string; data?: unknown };
    try {
      msg.respond(codec.encode({ id: packet.id, isDisposed: true, response: handler(packet.data as never) }));
    } catch (err) {
      const wire = err instanceof AppError ? err.toWire() : new AppError('internal_server_error', String(err)).toWire();
      msg.respond(codec.encode({ id: packet.id, isDisposed: true, err: wire }));
    }
  }
}

function isIn(v: unknown): v is { $in: unknown[] } {
  return !!v && typeof v === 'object' && Array.isArray((v as { $in?: unknown }).$in);
}
