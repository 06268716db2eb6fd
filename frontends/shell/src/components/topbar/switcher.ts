import type { SessionMembership } from '@app/proto';

/** The memberships the account switcher lists: accepted ones other than the current account. */
export function switcherMemberships(memberships: SessionMembership[] | undefined, currentAccountId: string | undefined): SessionMembership[] {
  return (memberships ?? []).filter((m) => m.status !== 'pending' && m.account_id !== currentAccountId);
}
