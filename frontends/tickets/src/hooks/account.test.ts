import { describe, expect, it } from 'vitest';
import { memberLabel } from './account';

describe('memberLabel', () => {
  it('names a member without a full name by the address when the answer has it (administrators), not the masked label', () => {
    expect(memberLabel({ _id: 'sub-1', user_id: 'usr-1', email: 'bob@example.com', user: { email: 'bob@example.com', fullname: null, label: 'b…@example.com' } })).toBe('bob@example.com');
  });

  it('uses the full name first, and the server’s (masked) label when no address came', () => {
    expect(memberLabel({ _id: 'sub-1', user_id: 'usr-1', user: { fullname: 'Bob Lee', label: 'Bob Lee', email: 'bob@example.com' } })).toBe('Bob Lee');
    expect(memberLabel({ _id: 'sub-1', user_id: 'usr-1', user: { fullname: null, label: 'b…@example.com' } })).toBe('b…@example.com');
    expect(memberLabel({ _id: 'sub-1', user_id: 'usr-1' })).toBe('usr-1');
  });
});
