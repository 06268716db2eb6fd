import { FREE_PLAN_RECORDS } from '@app/proto';

// The Free-plan limit notice's rules without I/O (spec §1, §9: 1,000 records).

export interface LimitState {
  /** the group's records as the limit counts them (billing countedRecords) */
  records: number;
  /** on the Free plan (account.rules isFreeGroup: not a paid plan, not a corporate sub-group) */
  free: boolean;
  /** its administrators were told of the crossing in progress */
  notified: boolean;
}

/**
 * What a check of a group does: tell its administrators when a Free group holds the limit or more and they were not
 * told yet ('notify'); forget that they were told once the group is below the limit or no longer Free ('clear'), so
 * the next crossing is told again; else nothing.
 */
export function limitAction(s: LimitState, limit = FREE_PLAN_RECORDS): 'notify' | 'clear' | 'none' {
  const reached = s.free && s.records >= limit;
  if (reached && !s.notified) return 'notify';
  if (!reached && s.notified) return 'clear';
  return 'none';
}

/** `free-limit:<account>:<crossing>`: one job per crossing, however many copies see it. */
export function freeLimitJobId(accountId: string, crossing: number): string {
  return `free-limit:${accountId}:${crossing}`;
}

/** Only these changes can move a group across the limit: records counted for it, and its plan settings. */
export function touchesLimit(klass: string, counted: (klass: string) => boolean): boolean {
  return klass === 'AccountConfiguration' || counted(klass);
}
