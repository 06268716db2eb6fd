import type { SessionMembership } from '@app/proto';

// Spec §2, after login: no membership → create a group; one group, or exactly one bookmarked group → its dashboard;
// several with no single bookmark → stay home with the multiple-accounts warning (one card per membership).
// Pending invitations are not groups the user can open yet: they count for neither rule, but get their card.

export type HomeRoute =
  | { kind: 'new-account'; path: '/account/new' }
  | { kind: 'dashboard'; path: string; accountId: string }
  | { kind: 'multiple-accounts'; memberships: SessionMembership[] };

const dashboard = (accountId: string): HomeRoute => ({ kind: 'dashboard', accountId, path: `/account/${accountId}` });

export function afterLoginRoute(memberships: readonly SessionMembership[] | undefined): HomeRoute {
  const all = memberships ?? [];
  const accepted = all.filter((m) => m.status === 'accepted');
  if (accepted.length === 0) return { kind: 'new-account', path: '/account/new' };
  if (accepted.length === 1) return dashboard(accepted[0].account_id);
  const bookmarked = accepted.filter((m) => m.bookmark);
  if (bookmarked.length === 1) return dashboard(bookmarked[0].account_id);
  return { kind: 'multiple-accounts', memberships: [...all] };
}
