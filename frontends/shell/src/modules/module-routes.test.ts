import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/routes';
import { MODULE_REMOTES, REMOTE_SEGMENTS, remoteForAccountPath, remoteForSegment } from './module-routes';

describe('segment → module remote', () => {
  it.each([
    ['tickets', 'tickets'],
    ['ticket-board', 'tickets'],
    ['my-tickets', 'tickets'],
    ['tickets-search', 'tickets'],
    ['customers', 'tickets'],
    ['equipment', 'tickets'],
    ['categories', 'tickets'],
    ['contracts', 'tickets'],
    ['estimates', 'tickets'],
    ['maintenances', 'tickets'],
    ['maintenance', 'tickets'],
    ['comments', 'tickets'],
    ['receipts', 'tickets'],
    ['outgos', 'finance'],
    ['incomes', 'finance'],
    ['transfers', 'finance'],
    ['exchanges', 'finance'],
    ['wallets', 'finance'],
    ['wallets-upload', 'finance'],
    ['mappings', 'finance'],
    ['disk', 'disk'],
    ['handbooks', 'notes'],
    ['wiki', 'notes'],
    ['reader_items', 'reader'],
    ['reader_subscriptions', 'reader'],
    ['reader_labels', 'reader'],
  ])('%s → %s', (segment, remote) => {
    expect(remoteForSegment(segment)).toBe(remote);
  });

  it('knows no shell page or unknown segment', () => {
    for (const s of ['admin', 'subscriptions', 'users', 'billing', 'usage', 'checkout', 'groups', 'noop', 'm', 'ticket', '', undefined, null])
      expect(remoteForSegment(s)).toBeUndefined();
  });

  it('gives every segment to exactly one remote, and every module a remote', () => {
    const all = Object.values(REMOTE_SEGMENTS).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(REMOTE_SEGMENTS).sort()).toEqual(Object.values(MODULE_REMOTES).sort());
  });

  it('reads the first segment of the rest of an account path', () => {
    expect(remoteForAccountPath('tickets/tkt-1/edit')).toBe('tickets');
    expect(remoteForAccountPath('/disk/cfl-9')).toBe('disk');
    expect(remoteForAccountPath('receipts/service/tkt-1')).toBe('tickets');
    expect(remoteForAccountPath('wallets-upload')).toBe('finance');
    expect(remoteForAccountPath('customers?page=2')).toBe('tickets');
    expect(remoteForAccountPath('ticketsx/1')).toBeUndefined();
    expect(remoteForAccountPath('')).toBeUndefined();
  });
});

describe('the route table', () => {
  const routeId = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;

  it('hands module paths to the module route', () => {
    for (const path of ['/account/acc-1/tickets', '/account/acc-1/tickets/new', '/account/acc-1/customers/cus-1/edit', '/account/acc-1/reader_items/rit-1', '/account/acc-1/disk/cfl-1'])
      expect(routeId(path)).toBe('account.module-path');
  });

  it('keeps the shell pages and the test-module route first', () => {
    expect(routeId('/account/acc-1')).toBe('account.dashboard');
    expect(routeId('/account/acc-1/admin')).toBe('account.admin');
    expect(routeId('/account/acc-1/subscriptions')).toBe('account.subscriptions');
    expect(routeId('/account/acc-1/users/sub-1')).toBe('account.users.show');
    expect(routeId('/account/acc-1/subscriptions/new')).toBe('account.subscriptions.new');
    expect(routeId('/account/acc-1/subscriptions/sub-1')).toBe('account.subscriptions.show');
    expect(routeId('/account/acc-1/subscriptions/sub-1/edit')).toBe('account.subscriptions.edit');
    expect(routeId('/account/acc-1/m/hello')).toBe('account.module');
    expect(routeId('/account/new')).toBe('account.new');
    expect(routeId('/account/acc-1/groups')).toBe('account.groups');
    expect(routeId('/account/acc-1/billing')).toBe('account.billing');
    expect(routeId('/account/acc-1/usage')).toBe('account.usage');
    expect(routeId('/account/acc-1/checkout/free')).toBe('account.checkout');
  });
});
