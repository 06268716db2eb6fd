import type { RpcClient } from '@app/platform';
import { AppError, CallerContext, errors, moduleOffReason, REASONS } from '@app/proto';
import { TenancyService } from './tenancy.service';

// The membership cache of TenancyService: accepted memberships for TENANCY_CACHE_MS, refusals never, a group forgotten
// when its memberships change through this gateway.

const ALICE = { user_id: 'usr-alice', roles: [] } as unknown as CallerContext;

function fakeRpc(answer: () => { admin: boolean; report_view?: boolean; modules?: Record<string, boolean> }) {
  const calls: unknown[] = [];
  const rpc = {
    call: async (name: string, req: unknown) => {
      if (name !== 'accounts.membership.resolve') throw new Error(`unexpected ${name}`);
      calls.push(req);
      return answer();
    },
  } as unknown as RpcClient;
  return { rpc, calls };
}

describe('TenancyService membership cache', () => {
  afterEach(() => jest.useRealTimers());

  it("puts the membership's report_view into the context next to admin, from the cache too (reports)", async () => {
    const { rpc, calls } = fakeRpc(() => ({ admin: false, report_view: true }));
    const tenancy = new TenancyService(rpc, { tenancyCacheMs: 1000 });
    expect(await tenancy.resolve(ALICE, 'acc-1')).toMatchObject({ db: 'acc-1', admin: false, report_view: true });
    expect(await tenancy.resolve(ALICE, 'acc-1')).toMatchObject({ db: 'acc-1', admin: false, report_view: true });
    expect(calls).toHaveLength(1);
    const plain = new TenancyService(fakeRpc(() => ({ admin: false, report_view: false })).rpc, { tenancyCacheMs: 1000 });
    expect(await plain.resolve(ALICE, 'acc-1')).toMatchObject({ admin: false, report_view: false });
  });

  it("refuses a call to a module the group has switched off (403 with how to switch it on), from the cache too; none when the answer says nothing (issue 26 #5)", async () => {
    const modules = { budget: true, rdisk: false, textnotes: true, exoreader: false };
    const { rpc, calls } = fakeRpc(() => ({ admin: false, modules }));
    const tenancy = new TenancyService(rpc, { tenancyCacheMs: 1000 });
    for (let i = 0; i < 2; i++) {
      const ctx = await tenancy.resolve(ALICE, 'acc-1');
      expect(() => tenancy.assertKlass(ctx, 'ReaderItem')).toThrow(expect.objectContaining({ error: 'forbidden', reason: moduleOffReason('exoreader') }));
      expect(() => tenancy.assertDesign(ctx, 'status', 'star')).toThrow(expect.objectContaining({ reason: moduleOffReason('exoreader') }));
      expect(() => tenancy.assertDesign(ctx, 'disk', 'trash')).toThrow(expect.objectContaining({ reason: moduleOffReason('rdisk') }));
      expect(() => tenancy.assertModule(ctx, 'rdisk')).toThrow(expect.objectContaining({ reason: moduleOffReason('rdisk') }));
      for (const klass of ['Wallet', 'Bookmark', 'Handbook', 'Ticket', 'AccountConfiguration'] as const) expect(() => tenancy.assertKlass(ctx, klass)).not.toThrow();
      expect(() => tenancy.assertDesign(ctx, 'status', 'accept')).not.toThrow();
      expect(() => tenancy.assertDesign(ctx, 'disk', 'usage')).not.toThrow();
    }
    expect(calls).toHaveLength(1);
    expect(moduleOffReason('exoreader')).toBe(
      'The reader module is switched off for this group: an administrator switches it on in the admin page\'s features, or sets the group\'s AccountConfiguration "exoreader" to true',
    );
    // an accounts service that does not say: nothing refused
    const older = new TenancyService(fakeRpc(() => ({ admin: false })).rpc, { tenancyCacheMs: 1000 });
    const ctx = await older.resolve(ALICE, 'acc-1');
    expect(() => older.assertKlass(ctx, 'ReaderItem')).not.toThrow();
  });

  it('asks once within the cache time, again after it, and keeps the admin flag', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { rpc, calls } = fakeRpc(() => ({ admin: true }));
    const tenancy = new TenancyService(rpc, { tenancyCacheMs: 1000 });
    for (let i = 0; i < 3; i++) expect(await tenancy.resolve(ALICE, 'acc-1')).toMatchObject({ db: 'acc-1', admin: true, user_id: 'usr-alice' });
    expect(calls).toHaveLength(1);
    jest.setSystemTime(1_000_999);
    await tenancy.resolve(ALICE, 'acc-1');
    expect(calls).toHaveLength(1);
    jest.setSystemTime(1_001_000);
    await tenancy.resolve(ALICE, 'acc-1');
    expect(calls).toHaveLength(2);
    await tenancy.resolve(ALICE, 'acc-2'); // another group is its own entry
    expect(calls).toHaveLength(3);
  });

  it('never keeps a refusal or an unavailable accounts service', async () => {
    let answer: () => { admin: boolean } = () => {
      throw errors.forbidden(REASONS.needSubscription);
    };
    const { rpc, calls } = fakeRpc(() => answer());
    const tenancy = new TenancyService(rpc, { tenancyCacheMs: 1000 });
    await expect(tenancy.resolve(ALICE, 'acc-1')).rejects.toMatchObject({ error: 'forbidden' });
    answer = () => {
      throw new AppError('service_unavailable', 'down');
    };
    await expect(tenancy.resolve(ALICE, 'acc-1')).rejects.toMatchObject({ error: 'service_unavailable' });
    answer = () => ({ admin: false });
    await expect(tenancy.resolve(ALICE, 'acc-1')).resolves.toMatchObject({ admin: false });
    expect(calls).toHaveLength(3);
  });

  it('forgets a group whose memberships changed: the next request asks again (a removed member is refused at once)', async () => {
    let member = true;
    const { rpc, calls } = fakeRpc(() => {
      if (!member) throw errors.forbidden(REASONS.needSubscription);
      return { admin: false };
    });
    const tenancy = new TenancyService(rpc, { tenancyCacheMs: 1000 });
    await tenancy.resolve(ALICE, 'acc-1');
    await tenancy.resolve(ALICE, 'acc-2');
    member = false;
    tenancy.forgetGroup('acc-1');
    await expect(tenancy.resolve(ALICE, 'acc-1')).rejects.toMatchObject({ error: 'forbidden' });
    await expect(tenancy.resolve(ALICE, 'acc-2')).resolves.toMatchObject({ db: 'acc-2' }); // still cached
    expect(calls).toHaveLength(3);
  });

  it('with a cache time of 0 asks on every request', async () => {
    const { rpc, calls } = fakeRpc(() => ({ admin: false }));
    const tenancy = new TenancyService(rpc, { tenancyCacheMs: 0 });
    for (let i = 0; i < 3; i++) await tenancy.resolve(ALICE, 'acc-1');
    expect(calls).toHaveLength(3);
  });
});
