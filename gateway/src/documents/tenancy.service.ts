import { Inject, Injectable } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import { CallerContext, errors, Klass, moduleOffReason, ModuleSwitch, ModuleSwitches, REASONS, switchOfDesign, switchOfKlass } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

// Who may address which database (DESIGN: tenancy). A user database is the caller's own user id; an account database
// needs an accepted membership (or one of its corporate parent), which the accounts service answers
// (`accounts.membership.resolve`). An accepted membership is kept in this process's memory for TENANCY_CACHE_MS
// (default 1 s, like a session read): asking on every request costs a NATS round trip, the accounts service and a
// query — a quarter of a small request's work. Refusals are never kept; a membership changed through this gateway
// forgets its group at once, one removed through another gateway copy loses access within that second.
//
// The group's module switches come with the membership and are kept with it: a call to a module switched off for the
// group (its klasses' documents, its views and handlers, its doors: /files and /dav, /_imports, /greader, the
// bookmarks file) is refused 403 with a reason saying how an administrator switches it on (proto modules.ts, issue 26
// #5). A switch changed through this gateway is seen at once (the group is forgotten), through another within a second.

const MAX_SHOWN = 60;

const shown = (db: string) => JSON.stringify(db.length > MAX_SHOWN ? `${db.slice(0, MAX_SHOWN)}…` : db);

export const isUserDb = (db: string) => db.startsWith('usr-');
export const isAccountDb = (db: string) => db.startsWith('acc-');

/** 404 for a `{db}` that cannot be a database (`_users`, `accounts`, `api`, `favicon.ico`, …). */
export function assertDatabaseName(db: string): void {
  if (!isUserDb(db) && !isAccountDb(db)) {
    throw errors.notFound(`no database ${shown(db)}: a database is a user id (usr-…) or a group id (acc-…)`);
  }
}

/** 404 for an `{account_id}` that cannot be a group. */
export function assertGroupId(accountId: string): void {
  if (!isAccountDb(accountId)) throw errors.notFound(`no group ${shown(accountId)}: a group id starts with acc-`);
}

/**
 * The path parameters that name a database, checked before the caller is even resolved: a request for something that
 * is not a database (`GET /favicon.ico`) is a 404 for everybody, not a 401 for the anonymous.
 */
export function assertDatabaseParams(params: unknown): void {
  if (!params || typeof params !== 'object') return;
  const { db, account_id } = params as Record<string, unknown>;
  if (typeof db === 'string') assertDatabaseName(db);
  if (typeof account_id === 'string') assertGroupId(account_id);
}

/** What a membership lets its member do: administer the group, read its reports; and the group's module switches. */
interface Grants {
  admin: boolean;
  report_view: boolean;
  /** undefined: an accounts service that does not say (nothing is refused) */
  modules?: ModuleSwitches;
}

/** Accepted memberships by group, then user: when each stops being trusted, and its grants. */
class MembershipCache {
  private readonly groups = new Map<string, Map<string, Grants & { until: number }>>();
  private size = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(db: string, user: string, now = Date.now()): Grants | undefined {
    const hit = this.groups.get(db)?.get(user);
    return hit && hit.until > now ? { admin: hit.admin, report_view: hit.report_view, modules: hit.modules } : undefined;
  }

  set(db: string, user: string, grants: Grants, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.size >= this.maxEntries) this.clear(); // a bound, not an LRU: entries live a second anyway
    let users = this.groups.get(db);
    if (!users) this.groups.set(db, (users = new Map()));
    if (!users.has(user)) this.size++;
    users.set(user, { ...grants, until: now + this.ttlMs });
  }

  forget(db: string): void {
    this.size -= this.groups.get(db)?.size ?? 0;
    this.groups.delete(db);
  }

  clear(): void {
    this.groups.clear();
    this.size = 0;
  }
}

@Injectable()
export class TenancyService {
  private readonly memberships: MembershipCache;
  /** the module switches of the group each context this service made addresses */
  private readonly switches = new WeakMap<CallerContext, ModuleSwitches>();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'tenancyCacheMs'>,
  ) {
    this.memberships = new MembershipCache(config.tenancyCacheMs);
  }

  /** A write to the group's memberships, security or settings (parent group) went through: ask again next time. */
  forgetGroup(db: string): void {
    this.memberships.forget(db);
  }

  /**
   * The caller's context for a call on `db`, with `db` and `admin` set. 403 'You are not allowed to access this data'
   * for another user's database, 403 'You need a subscription to access this Group' (from the accounts service) for a
   * group without a membership, 404 for anything that is not a database (`_users`, `accounts`, `api`, …).
   */
  async resolve(caller: CallerContext, db: string): Promise<CallerContext> {
    if (!caller.user_id) throw errors.unauthorized();
    if (isUserDb(db)) {
      if (db !== caller.user_id) throw errors.forbidden(REASONS.notAllowed);
      return { ...caller, db, admin: false };
    }
    assertDatabaseName(db);
    let grants = this.memberships.get(db, caller.user_id);
    if (grants === undefined) {
      const membership = await this.rpc.call('accounts.membership.resolve', { user_id: caller.user_id, account_id: db });
      grants = { admin: membership.admin, report_view: membership.report_view === true, modules: membership.modules };
      this.memberships.set(db, caller.user_id, grants);
    }
    const ctx: CallerContext = { ...caller, db, admin: grants.admin, report_view: grants.report_view };
    if (grants.modules) this.switches.set(ctx, grants.modules);
    return ctx;
  }

  /**
   * 403 when `ctx` (made by resolve) addresses a group with this module switched off, with the reason that says how an
   * administrator switches it on. Nothing for a user's own database or a null switch (the ticket module, the group).
   */
  assertModule(ctx: CallerContext, module: ModuleSwitch | null): void {
    if (module && this.switches.get(ctx)?.[module] === false) throw errors.forbidden(moduleOffReason(module));
  }

  /** assertModule for the documents of a klass. */
  assertKlass(ctx: CallerContext, klass: Klass | null | undefined): void {
    if (klass) this.assertModule(ctx, switchOfKlass(klass));
  }

  /** assertModule for a view or update handler (`<design>/<name>`). */
  assertDesign(ctx: CallerContext, design: string, name: string): void {
    this.assertModule(ctx, switchOfDesign(design, name));
  }

  /** `/accounts/{account_id}/…`: a group the caller is a member of. */
  async resolveGroup(caller: CallerContext, accountId: string): Promise<CallerContext> {
    if (!caller.user_id) throw errors.unauthorized();
    assertGroupId(accountId);
    return this.resolve(caller, accountId);
  }

  /**
   * Accepting an invitation (`PUT /{account_id}/_design/status/_update/accept/{id}`): the invitee has no membership
   * yet, so the membership is not resolved; the context addresses the group without administrator rights and the
   * accounts service checks that the invitation is the caller's. Any other database is resolved as usual.
   */
  async resolveInvitee(caller: CallerContext, db: string): Promise<CallerContext> {
    if (!caller.user_id) throw errors.unauthorized();
    if (!isAccountDb(db)) return this.resolve(caller, db);
    return { ...caller, db, admin: false };
  }
}
