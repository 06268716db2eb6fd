import { randomBytes } from 'crypto';
import { connect, type NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { AppError, CallerContext, ChangeEvent, changeStream, DbInfoReply } from '@app/proto';
import { loadConfig } from '@app/platform';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';
import { eventually, sleep } from '@app/platform/testing/eventually';

// Starts the accounts service in-process (see startInProcess; its mail worker stands in for the identity process's)
// and calls it over NATS like the gateway does, with CallerContexts built by hand.

export interface AccountsHarness extends InProcessService {
  /** a NATS connection of the test's own, e.g. to publish change events as another service would */
  nc: NatsConnection;
}

export async function startAccounts(name: string): Promise<AccountsHarness> {
  const base = await startInProcess({ name, service: 'accounts', poolMax: 4, load: async () => (await import('../accounts.module')).AccountsModule });
  const nc = await connect({ servers: loadConfig().natsUrl });
  return {
    ...base,
    nc,
    async close() {
      await nc.close();
      await base.close();
    },
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/** A signed-in user as the gateway knows it (identity is not needed: the context carries the user summary). */
export interface TestUser {
  user_id: string;
  email: string;
  fullname: string;
  confirmed: boolean;
  locale: string;
}

/** `fullname: ''` stands for a user without a full name. */
export function newUser(opts: { confirmed?: boolean; locale?: string; fullname?: string; email?: string } = {}): TestUser {
  const id = unique();
  return {
    user_id: `usr-${id}`,
    email: opts.email ?? `user-${id}@example.com`,
    fullname: opts.fullname ?? `User ${id}`,
    confirmed: opts.confirmed ?? true,
    locale: opts.locale ?? 'en',
  };
}

/** The context the gateway would pass for `user` addressing `db` (default: the user's own db). */
export function ctxOf(user: TestUser, db: string | null = user.user_id, opts: { admin?: boolean; token?: CallerContext['token'] } = {}): CallerContext {
  return {
    user_id: user.user_id,
    db,
    roles: [user.user_id, 'user'],
    admin: opts.admin ?? false,
    token: opts.token ?? null,
    request_id: `test-${counter++}`,
    locale: user.locale,
    // as identity sends it: the label is the full name, else the address
    user: { email: user.email, fullname: user.fullname || null, label: user.fullname || user.email, gravatar_hash: 'd41d8cd98f00b204e9800998ecf8427e', confirmed: user.confirmed },
  };
}

/** The AppError a call fails with (fails the test if it succeeds). */
export async function failure(p: Promise<unknown>): Promise<{ error: string; reason: unknown; status: number }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { error: err.error, reason: err.reason, status: err.status };
    throw err;
  }
  throw new Error('expected the call to fail');
}

export { eventually, sleep };

/** Waits until the account's change feed holds `seq` entries. */
export function waitForSeq(h: AccountsHarness, ctx: CallerContext, seq: number, timeoutMs?: number): Promise<DbInfoReply> {
  return eventually(() => h.rpc.call('accounts.db.info', { ctx }), (i) => i.update_seq >= seq, timeoutMs);
}

/** Publishes a change event on the stream as `service` would (without a msg id unless given: no deduplication). */
export async function publishEvent(h: AccountsHarness, event: ChangeEvent, opts: { service?: 'tickets' | 'finance'; msgID?: string } = {}): Promise<void> {
  const subject = changeStream(h.prefix).subject(opts.service ?? 'tickets');
  await h.nc.jetstream().publish(subject, new TextEncoder().encode(JSON.stringify(event)), opts.msgID ? { msgID: opts.msgID } : undefined);
}

export function ticketEvent(account: string, id: string, n: number, opts: { deleted?: boolean; size?: number; label?: string | null; klass?: string } = {}): ChangeEvent {
  return {
    account_id: account,
    id,
    klass: opts.klass ?? 'Ticket',
    rev: `${n}-${randomBytes(8).toString('hex')}`,
    deleted: opts.deleted ?? false,
    label: opts.label === undefined ? `ticket ${id}` : opts.label,
    updated_at: new Date().toISOString(),
    size: opts.size ?? 100,
  };
}

export function testAccountId(): string {
  return `acc-${randomBytes(10).toString('hex')}`;
}

/** Sets a group's `confirmed-plan` as the billing flow would (clients cannot). */
export async function setPlan(pool: Pool, accountId: string, plan: string): Promise<void> {
  const res = await pool.query(
    `UPDATE accounts.documents SET body = jsonb_set(body, '{value}', to_jsonb($2::text))
     WHERE account_id = $1 AND klass = 'AccountConfiguration' AND (body ->> 'key') = 'confirmed-plan' AND NOT deleted`,
    [accountId, plan],
  );
  if (res.rowCount !== 1) throw new Error(`no confirmed-plan in ${accountId}`);
}
