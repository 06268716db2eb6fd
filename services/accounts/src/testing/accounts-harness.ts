import type { INestMicroservice } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { connect, type NatsConnection } from 'nats';
import { Pool } from 'pg';
import { AppError, CallerContext, ChangeEvent, changeStream, DbInfoReply } from '@app/proto';
import { createMicroservice, loadConfig, MailWorker, RpcClient, startMailWorker } from '@app/platform';
import { SmtpSink } from '@app/platform/mail/testing/smtp-sink';

// Starts the accounts service in-process on the real NATS/Postgres/Redis with an SMTP sink (and a mail worker, which
// in the product runs in the identity process), and calls it over NATS like the gateway does, with CallerContexts
// built by hand.
//
// Each spec file gets a prefix of its own (`<run>_<name>`): NATS subjects, queue group, the change stream and its
// consumer, the BullMQ mail queue. The prefix must be set before the controllers are loaded (their subjects are fixed
// when their decorators run), which is why the module is imported here, lazily, and a spec file must not import it.

export interface AccountsHarness {
  rpc: RpcClient;
  sink: SmtpSink;
  pool: Pool;
  /** a NATS connection of the test's own, e.g. to publish change events as another service would */
  nc: NatsConnection;
  prefix: string;
  publicUrl: string;
  close(): Promise<void>;
}

export async function startAccounts(name: string): Promise<AccountsHarness> {
  const saved = { APP_PREFIX: process.env.APP_PREFIX, SMTP_PORT: process.env.SMTP_PORT, SMTP_HOST: process.env.SMTP_HOST, PUBLIC_URL: process.env.PUBLIC_URL };
  const sink = new SmtpSink();
  const publicUrl = 'http://app.test';
  const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_${name}`;
  process.env.APP_PREFIX = prefix;
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(await sink.start());
  process.env.PUBLIC_URL = publicUrl;

  const { AccountsModule } = await import('../accounts.module');
  const app: INestMicroservice = await createMicroservice(AccountsModule, 'accounts');
  const config = loadConfig();
  const worker: MailWorker = startMailWorker(config);
  const rpc = new RpcClient(config.natsUrl);
  await rpc.connect();
  const pool = new Pool({ connectionString: config.databaseUrl, max: 4 });
  const nc = await connect({ servers: config.natsUrl });

  return {
    rpc,
    sink,
    pool,
    nc,
    prefix,
    publicUrl,
    async close() {
      await rpc.close();
      await worker.close();
      await app.close();
      await nc.close();
      await pool.end();
      await sink.stop();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
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
    user: { email: user.email, fullname: user.fullname, label: user.fullname, gravatar_hash: 'd41d8cd98f00b204e9800998ecf8427e', confirmed: user.confirmed },
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until `done` holds (or fails with the last value after `timeoutMs`). */
export async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(v)}`);
    await sleep(50);
  }
}

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
