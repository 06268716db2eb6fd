import { CallerContext, Doc } from '@app/proto';
import { changeLabel, hiddenPathsNamed, presentTo, showsSameAt } from './privacy.rules';

const ctx = (user_id: string, opts: { admin?: boolean; email?: string; confirmed?: boolean } = {}): CallerContext => ({
  user_id,
  db: 'acc-1',
  roles: [],
  admin: opts.admin ?? false,
  token: null,
  request_id: 'r',
  user: { email: opts.email ?? `${user_id}@e.c`, fullname: null, label: opts.email ?? `${user_id}@e.c`, gravatar_hash: 'h', confirmed: opts.confirmed ?? true },
});
const doc = (fields: Record<string, unknown>): Doc => ({ _id: 'x-1', _rev: '1-a', created_at: '', updated_at: '', created_by: null, ...fields }) as Doc;
const carolSub = doc({
  klass: 'Subscription',
  user_id: 'usr-c',
  email: 'carol@e.c',
  user: { _id: 'usr-c', email: 'carol@e.c', fullname: null, label: 'carol@e.c' },
  invited_by: { _id: 'usr-a', label: 'ana@e.c', gravatar_hash: 'h' },
});

describe('privacy rules', () => {
  it("shows a plain member no one else's address in a membership: no email, no user.email, masked labels", () => {
    expect(presentTo(ctx('usr-b'), carolSub)).toEqual({
      ...carolSub,
      email: undefined,
      user: { _id: 'usr-c', fullname: null, label: 'c…@e.c' },
      invited_by: { _id: 'usr-a', label: 'a…@e.c', gravatar_hash: 'h' },
    });
    expect(presentTo(ctx('usr-b'), carolSub)).not.toHaveProperty('email');
  });

  it("shows the member their own address, not their inviter's; the inviter sees their own label; administrators see all", () => {
    expect(presentTo(ctx('usr-c', { email: 'carol@e.c' }), carolSub)).toEqual({ ...carolSub, invited_by: { _id: 'usr-a', label: 'a…@e.c', gravatar_hash: 'h' } });
    expect(presentTo(ctx('usr-a'), carolSub).invited_by).toEqual({ _id: 'usr-a', label: 'ana@e.c', gravatar_hash: 'h' });
    expect(presentTo(ctx('usr-x', { admin: true }), carolSub)).toBe(carolSub);
  });

  it('an invitation keeps its address only for the invitee with that address confirmed', () => {
    const invitation = doc({ klass: 'Subscription', email: 'dan@e.c', status: 'pending', invited_by: { _id: 'usr-a', label: 'Ana', gravatar_hash: 'h' } });
    expect(presentTo(ctx('usr-d', { email: 'DAN@e.c' }), invitation)).toHaveProperty('email', 'dan@e.c');
    expect(presentTo(ctx('usr-d', { email: 'dan@e.c', confirmed: false }), invitation)).not.toHaveProperty('email');
    expect(presentTo(ctx('usr-b'), invitation)).not.toHaveProperty('email');
  });

  it("masks the group's billing addresses and leaves out its payment ids for plain members", () => {
    const account = doc({ klass: 'Account', name: 'Shop', billing_email: 'pay@shop.com' });
    expect(presentTo(ctx('usr-b'), account)).toMatchObject({ name: 'Shop', billing_email: 'p…@shop.com' });
    expect(presentTo(ctx('usr-b'), doc({ klass: 'Account', name: 'Shop', billing_email: null }))).toMatchObject({ billing_email: null });
    expect(presentTo(ctx('usr-p', { email: 'pay@shop.com' }), account)).toMatchObject({ billing_email: 'pay@shop.com' });
    expect(presentTo(ctx('usr-a', { admin: true }), account)).toBe(account);
    const paid = doc({ klass: 'Account', name: 'Shop', billing_email: null, livemode: false, platform_price_id: 'price_1', platform_customer_id: 'cus_1' });
    expect(presentTo(ctx('usr-b'), paid)).toEqual({ ...doc({ klass: 'Account', name: 'Shop', billing_email: null }), livemode: false });
    expect(presentTo(ctx('usr-a', { admin: true }), paid)).toBe(paid);
    const setting = doc({ klass: 'AccountConfiguration', key: 'billing-email', value: 'pay@shop.com' });
    expect(presentTo(ctx('usr-b'), setting)).toMatchObject({ key: 'billing-email', value: 'p…@shop.com' });
    const other = doc({ klass: 'AccountConfiguration', key: 'estimate-observation', value: 'write to shop@shop.com' });
    expect(presentTo(ctx('usr-b'), other)).toBe(other);
  });

  it("masks a membership's change-feed label (its address) for plain members, except their own", () => {
    expect(changeLabel(ctx('usr-b'), 'Subscription', 'carol@e.c')).toBe('c…@e.c');
    expect(changeLabel(ctx('usr-b', { email: 'bob@e.c' }), 'Subscription', 'bob@e.c')).toBe('bob@e.c');
    expect(changeLabel(ctx('usr-a', { admin: true }), 'Subscription', 'carol@e.c')).toBe('carol@e.c');
    expect(changeLabel(ctx('usr-b'), 'Ticket', 'mail joe@x.com')).toBe('mail joe@x.com');
    expect(changeLabel(ctx('usr-b'), 'Subscription', null)).toBeNull();
  });

  it('takes the credentials out of a feed subscription labelled by an address logged before the reader kept them apart, for everyone (security issue 25, item 13)', () => {
    for (const who of [ctx('usr-b'), ctx('usr-a', { admin: true })]) {
      expect(changeLabel(who, 'ReaderSubscription', 'https://alice:s3cret@feeds.example/private.xml')).toBe('https://feeds.example/private.xml');
      expect(changeLabel(who, 'ReaderItem', 'Post at http://bob@feeds.example/1')).toBe('Post at http://feeds.example/1');
    }
    expect(changeLabel(ctx('usr-b'), 'ReaderSubscription', 'Daily news')).toBe('Daily news');
  });

  it('finds the hidden fields a selector or sort names, directly, through a parent or combinators', () => {
    expect(hiddenPathsNamed({ selector: { klass: 'Subscription', status: 'accepted' } })).toEqual([]);
    expect(hiddenPathsNamed({ selector: { klass: 'Subscription', email: 'x' } })).toEqual([['email']]);
    expect(hiddenPathsNamed({ selector: { user: { label: { $regex: '^a' } } } })).toEqual([['user', 'label']]);
    expect(hiddenPathsNamed({ selector: { user: { $eq: {} } } })).toEqual([
      ['user', 'email'],
      ['user', 'label'],
    ]);
    expect(hiddenPathsNamed({ selector: { $not: { 'invited_by.label': 'x' } } })).toEqual([['invited_by', 'label']]);
    expect(hiddenPathsNamed({ selector: { $or: [{ key: 'billing-email' }, { value: 'x' }] } })).toEqual([['value']]);
    expect(hiddenPathsNamed({ selector: { klass: 'Subscription' }, sort: [{ 'user.email': 'asc' }] })).toEqual([['user', 'email']]);
    expect(hiddenPathsNamed({ selector: { 'user.fullname': 'x', 'user._id': 'y' } })).toEqual([]);
  });

  it('reads the parsed selector, not its text: a value or another key that contains "email" names no hidden field', () => {
    // a text search of the JSON (`includes('email"')`) took all of these for a look at an address
    expect(hiddenPathsNamed({ selector: { klass: 'Subscription', account_name: 'email"' } })).toEqual([]);
    expect(hiddenPathsNamed({ selector: { klass: 'AccountConfiguration', key: 'billing-email' } })).toEqual([]);
    expect(hiddenPathsNamed({ selector: { klass: 'Subscription', account_name: { $in: ['user.email', 'billing_email'] } } })).toEqual([]);
    expect(hiddenPathsNamed({ selector: { klass: 'Subscription', 'user.fullname': { $regex: 'email"' } } })).toEqual([]);
    // and it took none of these, which look at addresses without writing `email"`
    expect(hiddenPathsNamed({ selector: { user: { $elemMatch: { label: 'x' } } } })).toEqual([['user', 'label']]);
    expect(hiddenPathsNamed({ selector: { klass: 'Subscription' }, sort: ['email'] })).toEqual([['email']]);
    expect(hiddenPathsNamed({ selector: { klass: 'AccountConfiguration', value: { $gt: 'a' } } })).toEqual([['value']]);
  });

  it('tells whether the caller sees the stored values at the hidden paths unchanged', () => {
    const shown = presentTo(ctx('usr-b'), carolSub);
    expect(showsSameAt(carolSub, shown, [['user', 'email']])).toBe(false);
    expect(showsSameAt(carolSub, shown, [['status']])).toBe(true);
    const named = doc({ klass: 'Subscription', user_id: 'usr-n', email: 'n@e.c', user: { _id: 'usr-n', email: 'n@e.c', fullname: 'Nina', label: 'Nina' } });
    expect(showsSameAt(named, presentTo(ctx('usr-b'), named), [['user', 'label']])).toBe(true);
  });
});
