import { describe, expect, it } from 'vitest';
import { createI18n } from '@app/ui';
import { memberEmail, memberName, type MembershipNames } from './members-data';

const { t } = createI18n('en');
const sub = (fields: Partial<MembershipNames> & { user_id?: string; status?: string }): MembershipNames => ({ _id: 'sub-1', ...fields });

describe('memberName', () => {
  it("names a member without a full name by the address for an administrator, not by the masked label", () => {
    const doc = sub({ user_id: 'usr-2', user: { _id: 'usr-2', email: 'bob@example.com', fullname: null, label: 'b…@example.com' } });
    expect(memberName(doc, true, t)).toBe('bob@example.com');
  });

  it('names a member with a full name by the full name, also for an administrator', () => {
    const doc = sub({ user_id: 'usr-2', user: { _id: 'usr-2', email: 'bob@example.com', fullname: 'Bob Lima', label: 'Bob Lima' } });
    expect(memberName(doc, true, t)).toBe('Bob Lima');
    expect(memberName(doc, false, t)).toBe('Bob Lima');
  });

  it("names an invitation by the invited address for an administrator (the membership's own email)", () => {
    expect(memberName(sub({ status: 'pending', email: 'eli@example.com' }), true, t)).toBe('eli@example.com');
  });

  it('names a member by the label the server gave a plain member, even when an address came along (their own)', () => {
    const doc = sub({ user_id: 'usr-2', user: { _id: 'usr-2', email: 'bob@example.com', fullname: null, label: 'b…@example.com' } });
    expect(memberName(doc, false, t)).toBe('b…@example.com');
    expect(memberName(sub({ user: { _id: 'usr-2', label: 'b…@example.com' } }), false, t)).toBe('b…@example.com');
  });

  it('names an invitation without an address (what a plain member gets) "Pending invitation", never by its sub- id', () => {
    expect(memberName(sub({ status: 'pending' }), false, t)).toBe('Pending invitation');
    expect(memberName(sub({ status: 'pending' }), true, t)).toBe('Pending invitation');
    expect(memberName(sub({ status: 'accepted', user_id: 'usr-2' }), false, t)).toBe('Member');
  });
});

describe('memberEmail', () => {
  it('gives an administrator the address of a member named by a full name, and of an invitation named otherwise', () => {
    const doc = sub({ user: { _id: 'usr-2', fullname: 'Bob Lima', email: 'bob@example.com', label: 'Bob Lima' } });
    expect(memberEmail(doc, true, memberName(doc, true, t))).toBe('bob@example.com');
    const named = sub({ user: { _id: 'usr-2', email: 'bob@example.com' } });
    // named by the address already: not twice
    expect(memberEmail(named, true, memberName(named, true, t))).toBeNull();
  });

  it('gives a plain member no address (the server does not give them one either)', () => {
    const doc = sub({ user: { _id: 'usr-2', fullname: 'Bob Lima', email: 'bob@example.com', label: 'Bob Lima' } });
    expect(memberEmail(doc, false, memberName(doc, false, t))).toBeNull();
  });
});

