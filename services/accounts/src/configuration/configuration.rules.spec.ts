import { ACCOUNT_CONFIG_KEYS, SERVER_CONFIG_KEYS } from '@app/proto';
import { validateConfiguration, validateValue } from './configuration.rules';

describe('account configuration rules', () => {
  const reasonOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return (e as { reason: unknown }).reason;
    }
    throw new Error('expected a failure');
  };

  it('accepts every key of spec §3 the client may write, with a value of its kind', () => {
    const samples: Record<string, unknown> = {
      name: 'Shop',
      'billing-email': 'billing@example.com',
      'parent-account-id': 'acc-1',
      'contract-receipt': 'always',
      billing: true,
      checklist: false,
      maintenance: true,
      'project-management': false,
      budget: true,
      rdisk: true,
      textnotes: false,
      exoreader: true,
      'estimate-observation': 'text',
      'receipt-configuration': 'text',
      phones: '[]',
      addresses: '[]',
    };
    const writable = ACCOUNT_CONFIG_KEYS.filter((k) => !(SERVER_CONFIG_KEYS as readonly string[]).includes(k));
    expect(Object.keys(samples).sort()).toEqual([...writable].sort());
    for (const key of writable) expect(validateConfiguration({ key, value: samples[key] }, null).key).toBe(key);
  });

  it('refuses unknown keys, renames and server keys', () => {
    expect(reasonOf(() => validateConfiguration({ key: 'theme', value: 1 }, null))).toEqual({ key: 'not-in-list' });
    expect(reasonOf(() => validateConfiguration({ key: 'billing', value: true }, { key: 'checklist' }))).toEqual({ key: 'is-invalid' });
    expect(reasonOf(() => validateConfiguration({ key: 'budget', value: true, _id: 'ucn-1' }, null))).toEqual({ _id: 'is-invalid' });
    for (const key of SERVER_CONFIG_KEYS) expect(reasonOf(() => validateValue(key, 'x'))).toBe('This setting is managed by the server');
    expect(validateConfiguration({ value: false }, { key: 'budget' })).toEqual({ key: 'budget', value: false });
  });

  it('takes the billing-email setting only as one plain address (trimmed; empty clears it), else 422 {value: is-invalid}', () => {
    expect(validateValue('billing-email', ' pay@shop.com ')).toBe('pay@shop.com');
    expect(validateValue('billing-email', '')).toBeNull();
    for (const bad of ['abc', 'pay@shop', 'Ana <pay@shop.com>', 'a@shop.com, b@shop.com', 5])
      expect(reasonOf(() => validateConfiguration({ key: 'billing-email', value: bad }, null))).toEqual({ value: 'is-invalid' });
  });

  it('keeps phones and addresses as JSON text without the entries marked to delete', () => {
    const list = [
      { id: '1', number: '555', main: true },
      { uuid: '2', number: '556', marktodelete: true, main: true },
    ];
    expect(JSON.parse(validateValue('phones', JSON.stringify(list)) as string)).toEqual([list[0]]);
    expect(validateValue('addresses', '')).toBe('[]');
    expect(validateValue('addresses', null)).toBe('[]');
    expect(reasonOf(() => validateValue('phones', [{ id: '1', number: '1', main: true }, { id: '2', number: '2', main: true }]))).toEqual({ value: 'only-one-main' });
    expect(reasonOf(() => validateValue('phones', Array.from({ length: 51 }, (_, i) => ({ id: `${i}`, number: '1' }))))).toEqual({ value: 'is-too-long' });
  });
});
