import { describe, expect, it } from 'vitest';
import { memberName, type MembershipNames } from './members-data';

const sub = (fields: Partial<MembershipNames> & { user_id?: string; status?: string }): MembershipNames => ({ _id: 'sub-1', ...fields });

describe('memberName', () => {
  it("names a member without a full name by the address for an administrator, not by the masked label", () => {
    const doc = sub({ user_id: 'usr-2', user: { _id: 'usr-2', email: 'bob@example.com', fullname: null, label: 'b…@example.com' } });
    expect(memberName(doc, true)).toBe('bob@example.com');
  });

  it('names a member with a full name by the full name, also for an administrator', () => {
    const doc = sub({ user_id: 'usr-2', user: { _id: 'usr-2', email: 'bob@example.com', fullname: 'Bob Lima', label: 'Bob Lima' } });
    expect(memberName(doc, true)).toBe('Bob Lima');
    expect(memberName(doc, false)).toBe('Bob Lima');
  });

  it("names an invitation by the invited address for an administrator (the membership's own email)", () => {
    expect(memberName(sub({ status: 'pending', email: 'eli@example.com' }), true)).toBe('eli@example.com');
  });

  it('names a member by the label the server gave a plain member, even when an address came along (their own)', () => {
    const doc = sub({ user_id: 'usr-2', user: { _id: 'usr-2', email: 'bob@example.com', fullname: null, label: 'b…@example.com' } });
    expect(memberName(doc, false)).toBe('b…@example.com');
    expect(memberName(sub({ user: { _id: 'usr-2', label: 'b…@example.com' } }), false)).toBe('b…@example.com');
  });

  it('falls back to the id when nothing else names the membership', () => {
    expect(memberName(sub({ status: 'pending' }), false)).toBe('sub-1');
    expect(memberName(sub({ status: 'pending' }), true)).toBe('sub-1');
  });
});
