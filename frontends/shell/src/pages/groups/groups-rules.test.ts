import { describe, expect, it } from 'vitest';
import { canCreateSubGroup } from './groups-rules';

describe('who may create a sub group', () => {
  it('an administrator of a corporate group without a parent', () => {
    expect(canCreateSubGroup('corp', undefined, true)).toBe(true);
    expect(canCreateSubGroup('corp', '', true)).toBe(true);
  });
  it('not a member, another plan, or a sub group itself', () => {
    expect(canCreateSubGroup('corp', undefined, false)).toBe(false);
    for (const plan of ['free', 'pro', 'server', 'locked', undefined, null]) expect(canCreateSubGroup(plan, undefined, true)).toBe(false);
    expect(canCreateSubGroup('corp', 'acc-parent', true)).toBe(false);
  });
});
