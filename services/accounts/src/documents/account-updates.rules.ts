import { ACCOUNT_UPDATES, AccountUpdateName, PlanRequest } from '@app/proto';

// Which of the accounts service's update handlers (proto ACCOUNT_UPDATES) a `<design>/<handler>` names, without I/O.
// DocumentsService.update runs the one named here; a name not listed is 404.

/** An update handler call, by what it does, with the value its handler name carries. */
export type AccountUpdateCall = { update: 'bookmark'; bookmark: boolean } | { update: 'accept' } | { update: 'planSwitch'; plan: PlanRequest };

const named = (update: AccountUpdateName, design: string, handler: string): boolean => {
  const u = ACCOUNT_UPDATES[update];
  return u.design === design && (u.handlers as readonly string[]).includes(handler);
};

/** The handler `<design>/<handler>` names, or null when accounts has no such handler. */
export function accountUpdateOf(design: string, handler: string): AccountUpdateCall | null {
  if (named('bookmark', design, handler)) return { update: 'bookmark', bookmark: handler === 'true' };
  if (named('accept', design, handler)) return { update: 'accept' };
  if (named('planSwitch', design, handler)) return { update: 'planSwitch', plan: handler as PlanRequest };
  return null;
}

/** On a user database (`/{user_id}/…`) the only handler is bookmark: the memberships there are the caller's own. */
export function servedOnUserDb(call: AccountUpdateCall): boolean {
  return call.update === 'bookmark';
}
