import type { SessionMembership } from '@app/proto';
import { describe, expect, it } from 'vitest';
import { firstLanding } from './first-landing';

const m = (id: string, status: SessionMembership['status']): SessionMembership => ({ account_id: id, subscription_id: `sub-${id}`, account_name: id, bookmark: false, status });

describe('firstLanding (where a user without a group lands after login)', () => {
  it('asks an unconfirmed user without a group to confirm first, invited or not', () => {
    expect(firstLanding({ confirmed: false, memberships: [] })).toEqual({ kind: 'confirm-first' });
    expect(firstLanding({ confirmed: false })).toEqual({ kind: 'confirm-first' });
    expect(firstLanding({ confirmed: false, memberships: [m('acc-1', 'pending')] })).toEqual({ kind: 'confirm-first' });
  });

  it('shows a confirmed user without a group the invitations waiting for them', () => {
    expect(firstLanding({ confirmed: true, memberships: [m('acc-1', 'pending')] })).toEqual({ kind: 'invitations' });
  });

  it('leaves a user with a group, or a confirmed user with neither group nor invitation, to the home routing', () => {
    expect(firstLanding({ confirmed: false, memberships: [m('acc-1', 'accepted')] })).toEqual({ kind: 'home' });
    expect(firstLanding({ confirmed: true, memberships: [m('acc-1', 'accepted'), m('acc-2', 'pending')] })).toEqual({ kind: 'home' });
    expect(firstLanding({ confirmed: true, memberships: [] })).toEqual({ kind: 'home' });
  });
});
