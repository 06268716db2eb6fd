import { randomBytes } from 'crypto';
import { connect, type NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { CallerContext, ChangeEvent, changeStream, DbInfoReply } from '@app/proto';
import { loadConfig } from '@app/platform';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';
import { eventually, sleep } from '@app/platform/testing/eventually';
import type { FakeStripe } from '../billing/testing/fake-stripe';

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

// users, their contexts and failed calls: the platform's, shared with every service's harness
export { ctxOf, failure, newUser, type TestUser } from '@app/platform/testing/callers';

/**
 * The accounts service with its payment provider pointed at a started FakeStripe (the real `stripe` client talks to
 * it on loopback); close() also stops the fake and restores the environment.
 */
export async function startAccountsWithStripe(name: string, stripe: FakeStripe): Promise<AccountsHarness> {
  await stripe.start();
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(stripe.env())) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  const h = await startAccounts(name);
  return {
    ...h,
    async close() {
      await h.close();
      await stripe.stop();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    },
  };
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
