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

/** How a member is named: the user's label, full name or e-mail; an invitation: the invited e-mail (admins) or id. */
export function memberName(sub: SubscriptionDoc): string {
  return sub.user?.label || sub.user?.fullname || sub.user?.email || sub.email || sub._id;
}
