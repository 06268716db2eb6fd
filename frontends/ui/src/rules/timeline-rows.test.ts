import type { ChangeResult } from '@app/proto';
import { describe, expect, it } from 'vitest';
import { isFirstDay, recordLabel, timelineRows } from './timeline-rows';

const change = (seq: number, klass: string, action: ChangeResult['action'] = 'create', actor_label: string | null = null): ChangeResult => ({
  seq,
  id: `${klass.slice(0, 3).toLowerCase()}-${seq}`,
  changes: [{ rev: action === 'create' ? '1-a' : '2-b' }],
  action,
  klass,
  actor_label,
  ...(action === 'destroy' ? { deleted: true as const } : { doc: { _id: `x-${seq}`, _rev: '1-a', label: `label ${seq}`, updated_at: '2026-01-01T00:00:00Z' } }),
});

/** A new group's feed as the accounts service writes it: Account, the creator's membership, 13 default settings. */
const newGroup = (): ChangeResult[] => [change(1, 'Account'), change(2, 'Subscription'), ...Array.from({ length: 13 }, (_, i) => change(3 + i, 'AccountConfiguration'))];

const shape = (rows: ReturnType<typeof timelineRows>) => rows.map((r) => (r.kind === 'settings' ? `settings×${r.count}` : `${r.change.action} ${r.change.klass}`));

describe('timelineRows (the dashboard shows what people did to records they know)', () => {
  it('leaves out the currency totals a wallet change moves (WalletBalance) and shows one row for a record changed several times in a row', () => {
    const wallet = change(20, 'Wallet');
    const total = change(21, 'WalletBalance');
    const progress = [22, 23, 24].map((seq) => ({ ...change(seq, 'CsvImport', 'update'), id: 'csv-1' }));
    const rows = timelineRows([...newGroup(), wallet, total, ...progress]);
    expect(shape(rows)).toEqual(['update CsvImport', 'create Wallet', 'create Account']);
    expect(rows[0].change.seq).toBe(24);
  });

  it('shows a new group as its one creation row: the creator membership and the default settings are left out', () => {
    const rows = timelineRows(newGroup().reverse());
    expect(shape(rows)).toEqual(['create Account']);
    expect(isFirstDay(rows)).toBe(true);
  });

  it('lists records newest first above the group creation, which ends the first day', () => {
    const rows = timelineRows([...newGroup(), change(16, 'Customer'), change(17, 'Ticket')]);
    expect(shape(rows)).toEqual(['create Ticket', 'create Customer', 'create Account']);
    expect(isFirstDay(rows)).toBe(false);
  });

  it('collapses each run of consecutive settings changes into one row, keeping the newest change', () => {
    const rows = timelineRows([
      change(20, 'AccountConfiguration', 'update'),
      change(21, 'Phone'),
      change(22, 'Customer'),
      change(23, 'AccountConfiguration', 'update'),
      change(24, 'Address', 'update'),
      change(25, 'AccountConfiguration', 'update'),
    ]);
    expect(shape(rows)).toEqual(['settings×3', 'create Customer', 'settings×2']);
    expect(rows[0].change.seq).toBe(25);
    expect(isFirstDay(rows)).toBe(false);
  });

  it('treats a later invitation and settings created after the setup as ordinary changes', () => {
    const rows = timelineRows([...newGroup(), change(16, 'Subscription'), change(17, 'AccountConfiguration')]);
    expect(shape(rows)).toEqual(['settings×1', 'create Subscription', 'create Account']);
  });

  it('collapses the defaults when the group creation itself is older than the rows fetched', () => {
    const rows = timelineRows([...newGroup().slice(5), change(16, 'Customer')]);
    expect(shape(rows)).toEqual(['create Customer', 'settings×10']);
  });

  it("names each record row's actor and a settings run by its newest change's actor; no actor is null", () => {
    const rows = timelineRows([
      change(20, 'AccountConfiguration', 'update', 'Olga Owner'),
      change(21, 'AccountConfiguration', 'update', 'b…@shop.test'),
      change(22, 'Customer', 'create', 'Bob Member'),
      change(23, 'Ticket', 'update', null),
    ]);
    expect(rows.map((r) => [shape([r])[0], r.actor])).toEqual([
      ['update Ticket', null],
      ['create Customer', 'Bob Member'],
      ['settings×2', 'b…@shop.test'],
    ]);
  });

  it('is the first day for an empty feed', () => {
    expect(isFirstDay(timelineRows([]))).toBe(true);
  });
});

describe('recordLabel (what a row links with)', () => {
  const membership = (label: string | null, deleted = false): ChangeResult => ({
    seq: 40,
    id: 'sub-7',
    changes: [{ rev: '1-a' }],
    action: deleted ? 'destroy' : 'create',
    klass: 'Subscription',
    actor_label: 'Olga Owner',
    ...(deleted ? { deleted: true as const } : { doc: { _id: 'sub-7', _rev: '1-a', label, updated_at: '2026-01-01T00:00:00Z' } }),
  });

  it("names a membership by the member's full name, not by the address the feed labels it with", () => {
    const people = new Map([['sub-7', { fullname: 'Mia Member', email: 'mia@shop.test' }]]);
    expect(recordLabel(membership('mia@shop.test'), people)).toBe('Mia Member');
  });

  it('names a member without a full name, or an invitation, by the masked address', () => {
    expect(recordLabel(membership('mia@shop.test'), new Map([['sub-7', { fullname: '  ', email: 'mia@shop.test' }]]))).toBe('m…@shop.test');
    expect(recordLabel(membership('ben@shop.test'), new Map([['sub-7', { email: 'ben@shop.test' }]]))).toBe('b…@shop.test');
  });

  it("masks the feed's address label of a membership not among the group's memberships, and keeps a masked one", () => {
    expect(recordLabel(membership('mia@shop.test'))).toBe('m…@shop.test');
    expect(recordLabel(membership('m…@shop.test'))).toBe('m…@shop.test');
  });

  it('shows the id of a deleted record and of a membership with no name at all, and other kinds by their label', () => {
    expect(recordLabel(membership(null, true), new Map([['sub-7', { fullname: 'Mia Member' }]]))).toBe('sub-7');
    expect(recordLabel(membership(null))).toBe('sub-7');
    expect(recordLabel(change(41, 'Customer'))).toBe('label 41');
  });
});
