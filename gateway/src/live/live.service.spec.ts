import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RpcClient } from '@app/platform';
import type { ResolvedCaller } from '../auth/caller';
import type { SessionStore } from '../auth/session.store';
import type { TokenVerifier } from '../auth/token.verifier';
import type { TenancyService } from '../documents/tenancy.service';
import type { LiveBus } from './live-bus';
import { loadLiveConfig } from './live-config';
import { LiveService } from './live.service';

// What LiveService decides before a stream starts, with its neighbours faked: nothing is taken over or counted when a
// stream cannot start.

const caller = { ctx: { user_id: 'usr-ana', db: null, roles: [], admin: false, token: null, request_id: 'r' }, via: 'session', sessionId: 's', staleCookie: false } as unknown as ResolvedCaller;
const request = { headers: {}, query: {} } as unknown as FastifyRequest;

function service(bus: Partial<LiveBus>) {
  const asked: string[] = [];
  const rpc = { call: async (name: string) => (asked.push(name), { subscription_id: 'sub-1', admin: false, status: 'accepted', report_view: false, account_name: 'A', parent_account_id: null }) };
  const hijacked: boolean[] = [];
  const reply = { hijack: () => hijacked.push(true) } as unknown as FastifyReply;
  const live = new LiveService(
    rpc as unknown as RpcClient,
    bus as LiveBus,
    { forgetGroup: () => undefined } as unknown as TenancyService,
    {} as SessionStore,
    {} as TokenVerifier,
    loadLiveConfig({ LIVE_MAX_STREAMS_PER_USER: '1' }),
  );
  return { live, reply, hijacked, asked };
}

describe('LiveService before a stream starts', () => {
  it('answers 503 with a reason when the announcements cannot be subscribed to (NATS away), and counts no stream', async () => {
    const { live, reply, hijacked } = service({
      watch: async () => {
        throw new Error('CONNECTION_REFUSED');
      },
    });
    for (let i = 0; i < 2; i++) {
      // twice: a refused start leaves no stream counted against the bound of one per user
      await expect(live.open(caller, 'acc-1', request, reply)).rejects.toMatchObject({ status: 503, reason: 'Live updates are not available, please try again later' });
    }
    expect(hijacked).toEqual([]);
    expect(live.openCount).toBe(0);
  });

  it('refuses a name that is not a group with 404 before asking anyone', async () => {
    const { live, reply, asked } = service({});
    await expect(live.open(caller, 'usr-ana', request, reply)).rejects.toMatchObject({ status: 404 });
    expect(asked).toEqual([]);
  });
});
