import { CallerContext, Doc } from '@app/proto';
import { acceptInvitation, changeMembership, checkRemoval, creatorSubscription, invitationSubscription, isInvitee, validateInvitation } from './membership.rules';

const ctx = (user_id: string, admin = false): CallerContext => ({ user_id, db: 'acc-1', roles: [], admin, token: null, request_id: 'r' });
const caller = (user_id: string, email: string, confirmed = true, fullname: string | null = 'F') => ({
  user_id,
  user: { email, fullname, label: fullname || email, gravatar_hash: 'h', confirmed },
});
const sub = (fields: Record<string, unknown>): Doc =>
  ({ _id: 'sub-1', _rev: '1-a', klass: 'Subscription', created_at: '', updated_at: '', created_by: null, admin: false, report_view: false, all_notifications: false, ticket_created: true, comment_created: true, ...fields }) as Doc;

describe('membership rules', () => {
  it('validates an invitation', () => {
    expect(validateInvitation({ email: ' Bob@Example.COM ' })).toEqual({ email: 'bob@example.com', admin: false, report_view: false });
    expect(validateInvitation({ email: 'b@e.c', admin: true, report_view: true })).toEqual({ email: 'b@e.c', admin: true, report_view: true });
    expect(() => validateInvitation({ email: 'nope' })).toThrow(expect.objectContaining({ reason: { email: 'is-invalid' } }));
  });

  it('accepts only one\'s own pending invitation, with a confirmed e-mail', () => {
    const pending = sub({ status: 'pending', email: 'bob@e.c' });
    expect(isInvitee(pending, caller('usr-b', 'bob@e.c'))).toBe(true);
    expect(isInvitee(pending, caller('usr-c', 'carol@e.c'))).toBe(false);
    expect(isInvitee(pending, caller('usr-b', 'bob@e.c', false))).toBe(false); // an address registered but never proved
    expect(acceptInvitation(pending, caller('usr-b', 'bob@e.c'))).toMatchObject({ status: 'accepted', user_id: 'usr-b', user: { _id: 'usr-b', email: 'bob@e.c' } });
    expect(() => acceptInvitation(pending, caller('usr-c', 'carol@e.c'))).toThrow(expect.objectContaining({ status: 403, reason: 'You are not allowed to access this data' }));
    expect(() => acceptInvitation(pending, caller('usr-b', 'bob@e.c', false))).toThrow(expect.objectContaining({ status: 403, reason: 'Please confirm your email first' }));
    const accepted = sub({ status: 'accepted', email: 'bob@e.c', user_id: 'usr-b' });
    expect(() => acceptInvitation(accepted, caller('usr-b', 'bob@e.c'))).toThrow(expect.objectContaining({ status: 409 }));
  });

  it('lets members change their notification flags and administrators the access flags of others', () => {
    const bob = sub({ user_id: 'usr-b', status: 'accepted' });
    expect(changeMembership(ctx('usr-b'), bob, { all_notifications: true, admin: false }, { creatorId: 'usr-a' }).fields).toMatchObject({ all_notifications: true });
    expect(() => changeMembership(ctx('usr-c'), bob, { all_notifications: true }, { creatorId: 'usr-a' })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => changeMembership(ctx('usr-c'), bob, {}, { creatorId: 'usr-a' })).toThrow(expect.objectContaining({ status: 403 })); // not even unchanged
    expect(changeMembership(ctx('usr-a', true), bob, {}, { creatorId: 'usr-a' }).fields).toMatchObject({ user_id: 'usr-b' });
    expect(() => changeMembership(ctx('usr-b'), bob, { report_view: true }, { creatorId: 'usr-a' })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => changeMembership(ctx('usr-b', true), bob, { report_view: true }, { creatorId: 'usr-a' })).toThrow(
      expect.objectContaining({ reason: 'You cannot change your own administrator or report access' }),
    );
    expect(changeMembership(ctx('usr-a', true), bob, { admin: true }, { creatorId: 'usr-a' }).grantsAdmin).toBe(true);
    const creator = sub({ user_id: 'usr-a', admin: true });
    expect(() => changeMembership(ctx('usr-x', true), creator, { admin: false }, { creatorId: 'usr-a' })).toThrow(
      expect.objectContaining({ reason: 'The group creator cannot be removed and must stay an administrator' }),
    );
  });

  it('removal: never one\'s own, administrators only, never the creator', () => {
    const bob = sub({ user_id: 'usr-b' });
    expect(() => checkRemoval(ctx('usr-b', true), bob, { creatorId: 'usr-a' })).toThrow(expect.objectContaining({ reason: 'You cannot delete your own subscription' }));
    expect(() => checkRemoval(ctx('usr-c'), bob, { creatorId: 'usr-a' })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => checkRemoval(ctx('usr-x', true), sub({ user_id: 'usr-a' }), { creatorId: 'usr-a' })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => checkRemoval(ctx('usr-a', true), bob, { creatorId: 'usr-a' })).not.toThrow();
  });

  it('stores the full name, else the masked address, as the label of the member and of the inviter', () => {
    const ana = caller('usr-a', 'ana@e.c', true, null);
    expect(creatorSubscription('acc-1', 'Shop', ana).user).toEqual({ _id: 'usr-a', email: 'ana@e.c', fullname: null, label: 'a…@e.c' });
    expect(invitationSubscription('acc-1', 'Shop', ana, { email: 'bob@e.c', admin: false, report_view: false }).invited_by).toEqual({ _id: 'usr-a', label: 'a…@e.c', gravatar_hash: 'h' });
    expect(acceptInvitation(sub({ status: 'pending', email: 'bob@e.c' }), caller('usr-b', 'bob@e.c', true, 'Bob B')).user).toEqual({ _id: 'usr-b', email: 'bob@e.c', fullname: 'Bob B', label: 'Bob B' });
  });
});
