import { describe, expect, it } from 'vitest';
import type { SessionMembership as Membership } from '@app/proto';
import { afterLoginRoute } from './after-login';

const m = (id: string, extra: Partial<Membership> = {}): Membership => ({
  account_id: id,
  subscription_id: `sub-${id}`,
  account_name: `Group ${id}`,
  bookmark: false,
  status: 'accepted',
  ...extra,
});

describe('after-login routing (spec §2)', () => {
  it('sends a user without memberships to create a group', () => {
    expect(afterLoginRoute([])).toEqual({ kind: 'new-account', path: '/account/new' });
    expect(afterLoginRoute(undefined).kind).toBe('new-account');
    expect(afterLoginRoute([m('acc-1', { status: 'pending' })]).kind).toBe('new-account');
  });

  it('opens the only group', () => {
    expect(afterLoginRoute([m('acc-1')])).toEqual({ kind: 'dashboard', accountId: 'acc-1', path: '/account/acc-1' });
    expect(afterLoginRoute([m('acc-1'), m('acc-2', { status: 'pending' })])).toMatchObject({ path: '/account/acc-1' });
  });

  it('opens the single bookmarked group among several', () => {
    expect(afterLoginRoute([m('acc-1'), m('acc-2', { bookmark: true }), m('acc-3')])).toMatchObject({ kind: 'dashboard', accountId: 'acc-2' });
  });

  it('stays home with the multiple-accounts warning otherwise, with a card per membership', () => {
    const none = [m('acc-1'), m('acc-2'), m('acc-3', { status: 'pending' })];
    expect(afterLoginRoute(none)).toEqual({ kind: 'multiple-accounts', memberships: none });
    const two = [m('acc-1', { bookmark: true }), m('acc-2', { bookmark: true })];
    expect(afterLoginRoute(two).kind).toBe('multiple-accounts');
  });
});
