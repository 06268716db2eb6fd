import type { ChangeResult } from '@app/proto';
import { describe, expect, it } from 'vitest';
import { isFirstDay, timelineRows } from './timeline-rows';

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
