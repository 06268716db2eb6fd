import { describe, expect, it } from 'vitest';
import { accountMenuItems } from './menu-items';

const ALL = ['disk', 'finance', 'notes', 'reader', 'tickets'];
const on = { maintenance: true, rdisk: true, deployed: ALL };
const off = { maintenance: false, rdisk: false, deployed: ALL };
const keys = (list: { key: string }[]) => list.map((i) => i.key);

describe('account menu per module (spec §2)', () => {
  it('ticket: tickets with the counter, customers, equipment, handbooks; Board, My tickets and its secondary items', () => {
    const m = accountMenuItems('ticket', 'acc-1', on);
    expect(keys(m.main)).toEqual(['dashboard', 'tickets', 'customers', 'equipment', 'handbooks']);
    expect(m.main.find((i) => i.key === 'tickets')).toEqual({ key: 'tickets', to: '/account/acc-1/tickets', badge: 'open-tickets' });
    expect(m.main.filter((i) => i.badge)).toHaveLength(1);
    expect(keys(m.secondary)).toEqual(['ticket-board', 'my-tickets', 'estimates', 'contracts', 'maintenances', 'categories', 'disk']);
  });

  it('ticket: maintenances only with the maintenance flag, disk only with rdisk', () => {
    expect(keys(accountMenuItems('ticket', 'acc-1', off).secondary)).toEqual(['ticket-board', 'my-tickets', 'estimates', 'contracts', 'categories']);
    expect(keys(accountMenuItems('ticket', 'acc-1', { maintenance: true, rdisk: false, deployed: ALL }).secondary)).toContain('maintenances');
  });

  it('notes: handbooks and disk, with the wiki and bookmarks under Others', () => {
    const m = accountMenuItems('notes', 'acc-1', off);
    expect(keys(m.main)).toEqual(['dashboard', 'handbooks', 'disk']);
    expect(keys(m.secondary)).toEqual(['wiki', 'bookmarks']);
  });

  it('disk: the file list', () => {
    const m = accountMenuItems('disk', 'acc-1', on);
    expect(keys(m.main)).toEqual(['dashboard', 'disk']);
    expect(m.secondary).toEqual([]);
  });

  it("finance: outgos, incomes, transfers, exchanges; wallets, its own categories, mappings (and disk when enabled)", () => {
    const m = accountMenuItems('finance', 'acc-1', on);
    expect(keys(m.main)).toEqual(['dashboard', 'outgos', 'incomes', 'transfers', 'exchanges']);
    expect(keys(m.secondary)).toEqual(['wallets', 'finance_categories', 'mappings', 'disk']);
    expect(keys(accountMenuItems('finance', 'acc-1', off).secondary)).toEqual(['wallets', 'finance_categories', 'mappings']);
    // finance's categories are its month view by category, served by the finance remote, never the tickets module's
    expect(m.secondary.find((i) => i.key === 'finance_categories')?.to).toBe('/account/acc-1/finance/month');
    expect(m.secondary.map((i) => i.to)).not.toContain('/account/acc-1/categories');
    expect(keys(accountMenuItems('finance', 'acc-1', { ...on, deployed: ['tickets'] }).secondary)).not.toContain('finance_categories');
  });

  it('reader: its three lists', () => {
    const m = accountMenuItems('reader', 'acc-1', off);
    expect(keys(m.main)).toEqual(['dashboard', 'reader_items', 'reader_subscriptions', 'reader_labels']);
    expect(m.main[1].to).toBe('/account/acc-1/reader_items');
  });

  it('always offers the admin page, members, billing and usage', () => {
    for (const module of ['ticket', 'finance', 'disk', 'notes', 'reader'] as const)
      expect(accountMenuItems(module, 'acc-9', off).admin).toEqual([
        { key: 'admin', to: '/account/acc-9/admin' },
        { key: 'members', to: '/account/acc-9/subscriptions' },
        { key: 'billing', to: '/account/acc-9/billing' },
        { key: 'usage', to: '/account/acc-9/usage' },
      ]);
  });

  it('leaves out handbooks and disk when only the tickets remote is deployed', () => {
    const m = accountMenuItems('ticket', 'acc-1', { ...on, deployed: ['tickets'] });
    expect(keys(m.main)).toEqual(['dashboard', 'tickets', 'customers', 'equipment']);
    expect(keys(m.secondary)).toEqual(['ticket-board', 'my-tickets', 'estimates', 'contracts', 'maintenances', 'categories']);
  });

  it('gives an undeployed module only the dashboard, the admin items and what another remote serves', () => {
    const m = accountMenuItems('finance', 'acc-1', { ...on, deployed: ['tickets'] });
    expect(keys(m.main)).toEqual(['dashboard']);
    // nothing of the tickets module's own (its categories) stands in for finance's
    expect(keys(m.secondary)).toEqual([]);
    expect(keys(m.admin)).toEqual(['admin', 'members', 'billing', 'usage']);
  });

  it('while the deployed remotes are unknown, gives only the items of the active module’s own remote', () => {
    const m = accountMenuItems('ticket', 'acc-1', { maintenance: true, rdisk: true });
    expect(keys(m.main)).toEqual(['dashboard', 'tickets', 'customers', 'equipment']);
    expect(keys(m.secondary)).not.toContain('disk');
    expect(keys(accountMenuItems('notes', 'acc-1', { maintenance: true, rdisk: true }).main)).toEqual(['dashboard', 'handbooks']);
  });

  it('shows disk with handbooks once the disk and notes remotes are deployed', () => {
    const m = accountMenuItems('ticket', 'acc-1', { ...on, deployed: ['disk', 'notes', 'tickets'] });
    expect(keys(m.main)).toContain('handbooks');
    expect(keys(m.secondary)).toContain('disk');
  });

  it('gives a plain member no admin, members, billing or usage item', () => {
    for (const module of ['ticket', 'finance', 'disk', 'notes', 'reader'] as const) expect(accountMenuItems(module, 'acc-9', { ...on, isAdmin: false }).admin).toEqual([]);
    expect(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: true }).admin).toHaveLength(4);
  });

  it('adds the adminnoop entry (the backups page) after the admin items when the deployment shows it, never to a plain member', () => {
    expect(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: true, adminnoop: true }).admin.at(-2)).toEqual({ key: 'adminnoop', to: '/account/acc-9/backups' });
    expect(keys(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: true, adminnoop: false }).admin)).not.toContain('adminnoop');
    expect(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: false, adminnoop: true }).admin).toEqual([]);
  });

  it('puts Reports next to the adminnoop entry for administrators, as the only admin item of a member with report access, and nowhere in production', () => {
    expect(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: true, adminnoop: true }).admin.at(-1)).toEqual({ key: 'reports', to: '/account/acc-9/reports' });
    expect(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: false, adminnoop: true, reports: true }).admin).toEqual([{ key: 'reports', to: '/account/acc-9/reports' }]);
    expect(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: false, adminnoop: true, reports: false }).admin).toEqual([]);
    expect(keys(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: true, adminnoop: false, reports: true }).admin)).not.toContain('reports');
    expect(accountMenuItems('ticket', 'acc-9', { ...on, isAdmin: false, adminnoop: false, reports: true }).admin).toEqual([]);
  });
});
