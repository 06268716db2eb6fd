import type { ADMIN_FLAGS, NOTIFICATION_FLAGS, SubscriptionDoc } from '@app/proto';
import type { PersonNames } from '@app/ui/src/rules/timeline-rows';
import { api } from '../../app/api';

/** The group's memberships (members and invitations), under the key the members page and the dashboard share. */
export const membersQuery = (accountId: string) => ({
  queryKey: ['members', accountId] as const,
  queryFn: () => api.find(accountId, { selector: { klass: 'Subscription' }, limit: 1000 }),
});

/** Each membership's person by the membership's id: the member's full name and address, or the invited address. */
export function peopleByMembership(subs: readonly SubscriptionDoc[] | undefined): Map<string, PersonNames> {
  return new Map((subs ?? []).map((sub) => [sub._id, { fullname: sub.user?.fullname ?? null, email: sub.user?.email ?? sub.email ?? null }]));
}

/** The flags of a membership an administrator sees and edits (proto's ADMIN_FLAGS and NOTIFICATION_FLAGS, in order). */
export const FLAGS = ['admin', 'report_view', 'all_notifications', 'ticket_created', 'comment_created'] as const satisfies readonly [
  ...typeof ADMIN_FLAGS,
  ...typeof NOTIFICATION_FLAGS,
];

/** What names a membership: its id, the invited address and the user's summary (any of them missing or masked). */
export type MembershipNames = Pick<SubscriptionDoc, '_id'> & { email?: string; user?: Partial<NonNullable<SubscriptionDoc['user']>> };
/**
 * How a member is named. Administrators get the addresses (they invite by e-mail) and see the full name, else the
 * address: the stored label of someone without a full name is a masked address (b…@example.com). Others see the
 * label the server gave them (masked for anyone but themselves). An invitation: the invited e-mail (the server gives
 * it to administrators and to the invitee), else "Pending invitation" — never the record's id.
 */
export function memberName(sub: MembershipNames & { status?: string }, isAdmin: boolean, t: (key: string) => string): string {
  const name = isAdmin
    ? sub.user?.fullname || sub.user?.email || sub.email || sub.user?.label
    : sub.user?.label || sub.user?.fullname || sub.user?.email || sub.email;
  return name || t(sub.status === 'accepted' ? 'members.member' : 'members.pending_invitation');
}

/**
 * The member's address as an administrator sees it beside the name (spec §6: administrators may see member e-mails;
 * the server gives them to administrators only): the user's address, else the invited one; null for anyone else, and
 * when the name shown is that address already.
 */
export function memberEmail(sub: MembershipNames, isAdmin: boolean, shownName: string): string | null {
  if (!isAdmin) return null;
  const email = sub.user?.email || sub.email || null;
  return email && email !== shownName ? email : null;
}
