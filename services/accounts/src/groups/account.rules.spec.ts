import { canHaveSubGroups, freeGroupLimit, isFreeGroup, validateName, validateProfile } from './account.rules';

describe('group rules', () => {
  it('needs a name', () => {
    expect(validateName('  Shop ')).toBe('Shop');
    expect(() => validateName('')).toThrow(expect.objectContaining({ reason: { name: 'cant-be-blank' } }));
    expect(() => validateName(undefined)).toThrow(expect.objectContaining({ reason: { name: 'cant-be-blank' } }));
    expect(() => validateName(1)).toThrow(expect.objectContaining({ reason: { name: 'is-invalid' } }));
    expect(() => validateName('x'.repeat(201))).toThrow(expect.objectContaining({ reason: { name: 'is-too-long' } }));
  });

  it('edits the profile: name kept unless given, billing e-mail as text', () => {
    const prev = { name: 'Shop', billing_email: 'a@b.c' };
    expect(validateProfile({}, prev)).toEqual(prev);
    expect(validateProfile({ name: ' New ', billing_email: '' }, prev)).toEqual({ name: 'New', billing_email: null });
    expect(validateProfile({ billing_email: 'not an address' }, prev)).toEqual({ name: 'Shop', billing_email: 'not an address' });
    expect(() => validateProfile({ name: null }, prev)).toThrow(expect.objectContaining({ status: 422, reason: { name: 'cant-be-blank' } }));
    expect(() => validateProfile({ name: '', billing_email: [] }, prev)).toThrow(expect.objectContaining({ reason: { name: 'cant-be-blank', billing_email: 'is-invalid' } }));
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
});
