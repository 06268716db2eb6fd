import type { CallerContext } from '@app/proto';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';
import { AccountsHarness, ctxOf, failure, newUser, startAccounts, TestUser } from '../../../accounts/src/testing/accounts-harness';

// Starts the accounts service (memberships: who may be a ticket's technician or reviewer) and the tickets service
// in-process on one prefix, and calls them over NATS like the gateway does, with CallerContexts built by hand.

export interface TicketsHarness {
  rpc: InProcessService['rpc'];
  pool: InProcessService['pool'];
  accounts: AccountsHarness;
  tickets: InProcessService;
  close(): Promise<void>;
}

export async function startTickets(name: string): Promise<TicketsHarness> {
  const accounts = await startAccounts(name);
  let tickets: InProcessService;
  try {
    tickets = await startInProcess({ name, service: 'tickets', poolMax: 4, load: async () => (await import('../tickets.module')).TicketsModule });
  } catch (err) {
    await accounts.close();
    throw err;
  }
  return {
    rpc: tickets.rpc,
    pool: tickets.pool,
    accounts,
    tickets,
    async close() {
      await tickets.close();
      await accounts.close();
    },
  };
}

/** A group of its own: the owner (an accepted administrator) and the context of the owner in it. */
export interface TestGroup {
  id: string;
  owner: TestUser;
  ctx: CallerContext;
}

export async function newGroup(h: TicketsHarness, name = 'Repair shop'): Promise<TestGroup> {
  const owner = newUser();
  const created = await h.accounts.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name });
  return { id: created.id, owner, ctx: ctxOf(owner, created.id, { admin: true }) };
}

/** Invites `user` into the group and accepts the invitation: an accepted member; returns the member's context. */
export async function addMember(h: TicketsHarness, g: TestGroup, user: TestUser = newUser()): Promise<{ user: TestUser; ctx: CallerContext }> {
  const invite = await h.accounts.rpc.call('accounts.doc.post', { ctx: g.ctx, doc: { klass: 'Subscription', email: user.email } });
  await h.accounts.rpc.call('accounts.doc.update', { ctx: ctxOf(user, g.id), design: 'status', handler: 'accept', id: invite.id });
  return { user, ctx: ctxOf(user, g.id) };
}

export { ctxOf, failure, newUser };
export type { TestUser };
