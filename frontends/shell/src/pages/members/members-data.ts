export interface SubscriptionDoc {
  _id: string;
  _rev: string;
  klass: 'Subscription';
  user_id?: string;
  user?: { _id: string; email?: string; fullname?: string | null; label?: string | null };
  email?: string;
  status: 'pending' | 'accepted';
  admin?: boolean;
  report_view?: boolean;
  all_notifications?: boolean;
  ticket_created?: boolean;
  comment_created?: boolean;
}

export const FLAGS = ['admin', 'report_view', 'all_notifications', 'ticket_created', 'comment_created'] as const;

/**
 * How a member is named. Administrators get the addresses (they invite by e-mail) and see the full name, else the
 * address: the stored label of someone without a full name is a masked address (b…@example.com). Others see the
 * label the server gave them (masked for anyone but themselves). An invitation: the invited e-mail (admins) or its id.
 */
export function memberName(sub: SubscriptionDoc, isAdmin: boolean): string {
  if (isAdmin) return sub.user?.fullname || sub.user?.email || sub.email || sub.user?.label || sub._id;
  return sub.user?.label || sub.user?.fullname || sub.user?.email || sub.email || sub._id;
}
