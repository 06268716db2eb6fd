import { Doc } from '@app/proto';
import { accountAnswer, canHaveSubGroups, confirmedPlanOf, freeGroupLimit, isFreeGroup, isPlainEmail, validateName, validateProfile } from './account.rules';

describe('group rules', () => {
  it('needs a name', () => {
    expect(validateName('  Shop ')).toBe('Shop');
    expect(() => validateName('')).toThrow(expect.objectContaining({ reason: { name: 'cant-be-blank' } }));
    expect(() => validateName(undefined)).toThrow(expect.objectContaining({ reason: { name: 'cant-be-blank' } }));
    expect(() => validateName(1)).toThrow(expect.objectContaining({ reason: { name: 'is-invalid' } }));
    expect(() => validateName('x'.repeat(201))).toThrow(expect.objectContaining({ reason: { name: 'is-too-long' } }));
  });

  it('edits the profile: name kept unless given, billing e-mail one plain address (trimmed), empty clears it', () => {
    const prev = { name: 'Shop', billing_email: 'a@b.c' };
    expect(validateProfile({}, prev)).toEqual(prev);
    expect(validateProfile({ name: ' New ', billing_email: '' }, prev)).toEqual({ name: 'New', billing_email: null });
    expect(validateProfile({ billing_email: ' Pay@Shop.com.br ' }, prev)).toEqual({ name: 'Shop', billing_email: 'Pay@Shop.com.br' });
    for (const bad of ['abc', 'not an address', 'a@b', 'a@b.c', 'Ana <a@shop.com>', 'a@shop.com, b@shop.com'])
      expect(() => validateProfile({ billing_email: bad }, prev)).toThrow(expect.objectContaining({ status: 422, reason: { billing_email: 'is-invalid' } }));
    expect(() => validateProfile({ billing_email: `${'a'.repeat(320)}@shop.com` }, prev)).toThrow(expect.objectContaining({ reason: { billing_email: 'is-too-long' } }));
    expect(() => validateProfile({ name: null }, prev)).toThrow(expect.objectContaining({ status: 422, reason: { name: 'cant-be-blank' } }));
    expect(() => validateProfile({ name: '', billing_email: [] }, prev)).toThrow(expect.objectContaining({ reason: { name: 'cant-be-blank', billing_email: 'is-invalid' } }));
  });

  it('takes one plain address as an e-mail: local@host.tld, no blanks, lists, names, quotes or a one-letter TLD', () => {
    for (const ok of ['pay@shop.com', 'a.b+tag@mail.shop.com.br', 'joão@loja.com.br', 'x_y-z@sub-domain.example.io', 'a@xn--loja-9ra.com'])
      expect([ok, isPlainEmail(ok)]).toEqual([ok, true]);
    const bad = ['', 'abc', '@shop.com', 'pay@', 'pay@shop', 'pay@shop.c', 'pay@@shop.com', 'pay@shop..com', 'pay@-shop.com', 'pay@shop-.com', '.pay@shop.com', 'pa..y@shop.com',
      'pay @shop.com', 'pay@shop.com ', 'a@shop.com,b@shop.com', 'a;b@shop.com', 'Ana <pay@shop.com>', '"pay"@shop.com', 'pay@[127.0.0.1]', 'pay@127.0.0.1', `${'a'.repeat(65)}@shop.com`, `a@${'b'.repeat(250)}.com`];
    for (const b of bad) expect([b, isPlainEmail(b)]).toEqual([b, false]);
  });

  it('free groups: 1 unconfirmed, 5 confirmed; sub-groups only under corp without a parent', () => {
    expect(freeGroupLimit(false)).toEqual({ max: 1, reason: 'You can have only 1 free Group, confirm your email for more' });
    expect(freeGroupLimit(true)).toEqual({ max: 5, reason: 'You can create or be member of up to 5 free Groups' });
    expect(isFreeGroup({ plan: undefined, parent: undefined })).toBe(true);
    expect(isFreeGroup({ plan: 'free', parent: null })).toBe(true);
    expect(isFreeGroup({ plan: 'pro', parent: null })).toBe(false);
    expect(isFreeGroup({ plan: 'free', parent: 'acc-p' })).toBe(false);
    expect(canHaveSubGroups({ plan: 'corp', parent: '' })).toBe(true);
    expect(canHaveSubGroups({ plan: 'corp', parent: 'acc-p' })).toBe(false);
    expect(canHaveSubGroups({ plan: 'pro', parent: null })).toBe(false);
  });

  it('answers the Account with the fields of spec §3: plan, v7_plan, livemode, payment ids (null when none)', () => {
    const stored = { _id: 'acc-1', _rev: '2-a', klass: 'Account', created_at: 't0', updated_at: 't1', created_by: 'usr-a', name: 'Shop', billing_email: null } as Doc;
    expect(accountAnswer(stored, { plan: undefined, livemode: undefined, customerId: undefined, platformPriceId: null })).toEqual({
      ...stored,
      'confirmed-plan': 'free',
      v7_plan: 'free',
      livemode: false,
      platform_price_id: null,
      platform_customer_id: null,
    });
    expect(accountAnswer(stored, { plan: 'corp', livemode: true, customerId: 'cus_1', platformPriceId: 'price_corp' })).toMatchObject({
      'confirmed-plan': 'corp',
      v7_plan: 'corp',
      livemode: true,
      platform_price_id: 'price_corp',
      platform_customer_id: 'cus_1',
    });
    expect(accountAnswer(stored, { plan: 'pro', livemode: 'yes', customerId: '', platformPriceId: null })).toMatchObject({ livemode: false, platform_customer_id: null });
  });

  it('reads a confirmed-plan value as free, pro or corp; anything else is free', () => {
    expect(['free', 'pro', 'corp'].map(confirmedPlanOf)).toEqual(['free', 'pro', 'corp']);
    expect([undefined, null, 'server', 'prc-pro-test', 3].map(confirmedPlanOf)).toEqual(['free', 'free', 'free', 'free', 'free']);
  });
});
