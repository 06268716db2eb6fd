import type { Membership } from '../../app/api';

/** The memberships the account switcher lists: accepted ones other than the current account. */
export function switcherMemberships(memberships: Membership[] | undefined, currentAccountId: string | undefined): Membership[] {
  return (memberships ?? []).filter((m) => m.status !== 'pending' && m.account_id !== currentAccountId);
}
