import { describe, expect, it } from 'vitest';
import { adminTiles } from './admin-tiles';

const ALL = ['disk', 'finance', 'notes', 'reader', 'tickets'];
const keys = (module: Parameters<typeof adminTiles>[0], sub = false) => adminTiles(module, 'acc-1', sub, ALL).map((t) => t.key);
const ALWAYS = ['members', 'billing', 'usage'];

describe('admin tiles per module (spec §2)', () => {
  it('ticket: tickets, comments, customers, equipment, maintenances, estimates, categories, contracts, handbooks, disk', () => {
    expect(keys('ticket')).toEqual(['tickets', 'comments', 'customers', 'equipment', 'maintenances', 'estimates', 'categories', 'contracts', 'handbooks', 'disk', ...ALWAYS]);
  });
  it('finance: outgos, incomes, transfers, exchanges, wallets', () => {
    expect(keys('finance')).toEqual(['outgos', 'incomes', 'transfers', 'exchanges', 'wallets', ...ALWAYS]);
  });
  it('finance: each tile links to its list and counts its klass; none while the finance remote is not deployed', () => {
    expect(adminTiles('finance', 'acc-1', false, ALL).slice(0, 5)).toEqual([
      { key: 'outgos', to: '/account/acc-1/outgos', klass: 'Outgo' },
      { key: 'incomes', to: '/account/acc-1/incomes', klass: 'Income' },
      { key: 'transfers', to: '/account/acc-1/transfers', klass: 'Transfer' },
      { key: 'exchanges', to: '/account/acc-1/exchanges', klass: 'Exchange' },
      { key: 'wallets', to: '/account/acc-1/wallets', klass: 'Wallet' },
    ]);
    expect(adminTiles('finance', 'acc-1', false, ['disk', 'tickets']).map((t) => t.key)).toEqual(ALWAYS);
  });
  it('reader: items, subscriptions, labels', () => {
    expect(keys('reader')).toEqual(['reader_items', 'reader_subscriptions', 'reader_labels', ...ALWAYS]);
  });
  it('notes: handbooks and disk; disk: disk', () => {
    expect(keys('notes')).toEqual(['handbooks', 'disk', ...ALWAYS]);
    expect(keys('disk')).toEqual(['disk', ...ALWAYS]);
  });
  it('leaves out the handbooks and disk tiles when only the tickets remote is deployed (or while that is unknown)', () => {
    const only = (deployed?: string[]) => adminTiles('ticket', 'acc-1', false, deployed).map((t) => t.key);
    expect(only(['tickets'])).toEqual(['tickets', 'comments', 'customers', 'equipment', 'maintenances', 'estimates', 'categories', 'contracts', ...ALWAYS]);
    expect(only(undefined)).toEqual(only(['tickets']));
    expect(adminTiles('reader', 'acc-1', false, ['tickets']).map((t) => t.key)).toEqual(ALWAYS);
  });
  it('adds the sub-groups tile only when the account has sub groups', () => {
    expect(keys('finance', true)).toEqual(['outgos', 'incomes', 'transfers', 'exchanges', 'wallets', ...ALWAYS, 'groups']);
    expect(adminTiles('disk', 'acc-1', true).at(-1)).toEqual({ key: 'groups', to: '/account/acc-1/groups' });
  });
  it("links the disk files tile to the disk and counts the disk's files, not a klass", () => {
    expect(adminTiles('notes', 'acc-1', false, ALL).find((t) => t.key === 'disk')).toEqual({ key: 'disk', to: '/account/acc-1/disk', disk: true, label: 'admin.tiles.disk_files' });
    expect(adminTiles('finance', 'acc-1', false, ALL).some((t) => t.disk)).toBe(false);
    expect(adminTiles('disk', 'acc-1', false, ['tickets']).some((t) => t.disk)).toBe(false);
  });
  it('links to the list routes and counts the klass', () => {
    const tiles = adminTiles('ticket', 'acc-1', false);
    expect(tiles.find((t) => t.key === 'customers')).toEqual({ key: 'customers', to: '/account/acc-1/customers', klass: 'Customer' });
    expect(tiles.find((t) => t.key === 'comments')?.klass).toBe('Comment');
    expect(tiles.find((t) => t.key === 'members')).toEqual({ key: 'members', to: '/account/acc-1/subscriptions', klass: 'Subscription' });
    expect(tiles.find((t) => t.key === 'usage')?.totals).toBe(true);
  });
});
