import { connect, type JsMsg } from 'nats';
import type { CallerContext, ChangeEvent } from '@app/proto';
import { changeStream } from '@app/proto';
import { loadConfig } from '@app/platform';
import { AccountsStub, type StubGroup } from '@app/platform/testing/accounts-stub';
import { ctxOf, failure, newUser, type TestUser } from '@app/platform/testing/callers';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';

// Starts the tickets service in-process with the platform's accounts stub beside it on the same prefix (who is an
// accepted member of which group, the group's name and configuration: all the tickets service asks of accounts), and
// calls it over NATS like the gateway does, with CallerContexts built by hand. The real accounts service is met in
// the e2e tests.

export interface TicketsHarness {
  rpc: InProcessService['rpc'];
  pool: InProcessService['pool'];
  accounts: AccountsStub;
  tickets: InProcessService;
  close(): Promise<void>;
}

export async function startTickets(name: string): Promise<TicketsHarness> {
  const tickets = await startInProcess({ name, service: 'tickets', poolMax: 4, load: async () => (await import('../tickets.module')).TicketsModule });
  let accounts: AccountsStub;
  try {
    accounts = await AccountsStub.start();
  } catch (err) {
    await tickets.close();
    throw err;
  }
  return {
    rpc: tickets.rpc,
    pool: tickets.pool,
    accounts,
    tickets,
    async close() {
      await accounts.close();
      await tickets.close();
    },
  };
}

export type TestGroup = StubGroup;

/** A group of its own: the owner (an accepted administrator) and the context of the owner in it. */
export async function newGroup(h: TicketsHarness, name = 'Repair shop'): Promise<TestGroup> {
  return h.accounts.group(name);
}

/** `user` as an accepted member of the group; returns the member's context. */
export async function addMember(h: TicketsHarness, g: TestGroup, user: TestUser = newUser()): Promise<{ user: TestUser; ctx: CallerContext }> {
  return h.accounts.member(g, user);
}

/** The change events the tickets service has published so far for one group, oldest first (read from the stream). */
export async function changeEvents(h: TicketsHarness, accountId: string): Promise<ChangeEvent[]> {
  const stream = changeStream(h.tickets.prefix);
  const nc = await connect({ servers: loadConfig().natsUrl });
  try {
    // an ordered consumer of the tickets' subject, read from the start
    const consumer = await nc.jetstream().consumers.get(stream.name, { filterSubjects: stream.subject('tickets') });
    const pending = (await consumer.info()).num_pending;
    const out: ChangeEvent[] = [];
    if (pending === 0) return out;
    for await (const m of (await consumer.fetch({ max_messages: pending, expires: 2000 })) as AsyncIterable<JsMsg>) {
      const event = m.json<ChangeEvent>();
      if (event.account_id === accountId) out.push(event);
      if (m.info.pending === 0) break;
    }
    return out;
  } finally {
    await nc.close();
  }
}

export { ctxOf, failure, newUser };
export type { TestUser };
