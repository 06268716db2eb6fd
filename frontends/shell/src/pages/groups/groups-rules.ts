// Who may create a sub group (spec §2 groups "new"; the accounts service's canHaveSubGroups): an administrator of a
// corporate group that has no parent group itself (no grandchildren).

export function canCreateSubGroup(plan: string | null | undefined, parentAccountId: unknown, isAdmin: boolean): boolean {
  return isAdmin && plan === 'corp' && !(typeof parentAccountId === 'string' && parentAccountId !== '');
}
