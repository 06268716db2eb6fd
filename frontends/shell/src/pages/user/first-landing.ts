import type { SessionMembership } from '@app/proto';

// Where a user without a group lands after login, before the home routing of spec §2 (pages/home/after-login.ts) sends
// them to "Create a group profile". An invited employee must not be sent there: they would create a second shop.
// Invitations are matched by e-mail and shown only once the address is confirmed (decisions.md, Security), so:
// - no accepted group and an unconfirmed address → "confirm your e-mail first" (an invitation shows after that);
// - no accepted group, confirmed, invitations pending → the invitations, to accept there;
// - otherwise → the home routing (a group's dashboard, the choice among several, or creating a group).

export type FirstLanding = { kind: 'confirm-first' } | { kind: 'invitations' } | { kind: 'home' };

export function firstLanding(session: { confirmed?: boolean; memberships?: readonly SessionMembership[] }): FirstLanding {
  const memberships = session.memberships ?? [];
  if (memberships.some((m) => m.status === 'accepted')) return { kind: 'home' };
  if (!session.confirmed) return { kind: 'confirm-first' };
  if (memberships.some((m) => m.status === 'pending')) return { kind: 'invitations' };
  return { kind: 'home' };
}
