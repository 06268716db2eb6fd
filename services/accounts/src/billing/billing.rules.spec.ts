import { AppError, Doc } from '@app/proto';
import { checkFreeAllowed, checkSwitchLock, countedRecords, lastSwitchAt, paidPriceId, planPriceId, requireBillingEmail, seedPrices, singlePaidPrice } from './billing.rules';
import { apiAddress, StripePaymentProvider } from './payment-provider';

const conf = (rev: string, updated_at: string, value: unknown = 'pro'): Doc =>
  ({ _id: 'acn-x', _rev: rev, klass: 'AccountConfiguration', created_at: updated_at, updated_at, created_by: null, key: 'k', value }) as Doc;

function reasonOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { error: err.error, reason: err.reason, status: err.status };
    throw err;
  }
  return 'passed';
}

describe('billing rules', () => {
  it('seeds six prices; provider price ids of the configured mode come from the environment', () => {
    const prices = seedPrices({ STRIPE_PRICE_PRO: 'price_real_pro' }, false);
    expect(prices.map((p) => [p._id, p.unit_amount, p.platform_price_id])).toEqual([
      ['prc-free-test', 0, null],
      ['prc-pro-test', 600, 'price_real_pro'],
      ['prc-corp-test', 1800, 'price_corp_test'],
      ['prc-free-live', 0, null],
      ['prc-pro-live', 600, 'price_pro_live'],
      ['prc-corp-live', 1800, 'price_corp_live'],
    ]);
    expect(seedPrices({ STRIPE_PRICE_CORP: 'price_live_corp' }, true).find((p) => p._id === 'prc-corp-live')?.platform_price_id).toBe('price_live_corp');
  });

  it('counts only the counted kinds and refuses free above 1,000', () => {
    expect(countedRecords([{ klass: 'Ticket', count: 990 }, { klass: 'AccountConfiguration', count: 40 }, { klass: 'Account', count: 1 }, { klass: 'Nope', count: 9 }])).toBe(991);
    expect(reasonOf(() => checkFreeAllowed(1000))).toBe('passed');
    expect(reasonOf(() => checkFreeAllowed(1001))).toEqual({
      error: 'you_cannot_switch_to_free',
      reason: 'You can not switch to the free plan because you used more than 1,000 records',
      status: 422,
    });
  });

  it('locks switching for 24 hours after a plan change or a free/cancel request, not after a checkout start', () => {
    const now = Date.parse('2026-01-02T12:00:00Z');
    const recent = '2026-01-01T13:00:00Z'; // 23 h before
    const old = '2026-01-01T11:59:00Z'; // 24 h 1 min before
    expect(lastSwitchAt(conf('1-a', recent), null)).toBeNull(); // the plan set at creation
    expect(reasonOf(() => checkSwitchLock(conf('2-a', recent), null, now))).toMatchObject({ error: 'too_many_requests', status: 429 });
    expect(reasonOf(() => checkSwitchLock(conf('2-a', old), null, now))).toBe('passed');
    expect(reasonOf(() => checkSwitchLock(null, conf('1-a', recent, 'cancel'), now))).toMatchObject({ status: 429 });
    expect(reasonOf(() => checkSwitchLock(null, conf('1-a', recent, 'prc-pro-test'), now))).toBe('passed');
    expect(lastSwitchAt(conf('3-a', old), conf('1-a', recent, 'free'))).toBe(Date.parse(recent));
  });

  it('needs a billing e-mail and exactly one paid price', () => {
    expect(reasonOf(() => requireBillingEmail(' '))).toEqual({ error: 'unprocessable_entity', reason: { billing_email: 'is-invalid' }, status: 422 });
    expect(reasonOf(() => requireBillingEmail(null))).toMatchObject({ status: 422 });
    expect(requireBillingEmail(' a@b.co ')).toBe('a@b.co');
    // one stored before addresses were checked
    expect(reasonOf(() => requireBillingEmail('abc'))).toMatchObject({ status: 422, reason: { billing_email: 'is-invalid' } });
    const price = (group_plan: string, platform_price_id: string | null = 'price_x') => ({ _id: 'prc-1', group_plan, platform_price_id }) as unknown as Doc;
    const noPlan = { error: 'not_found', reason: 'We could not find any plan, please refresh the page', status: 404 };
    expect(reasonOf(() => singlePaidPrice([]))).toEqual(noPlan);
    expect(reasonOf(() => singlePaidPrice([price('pro'), price('corp')]))).toEqual(noPlan);
    expect(reasonOf(() => singlePaidPrice([price('free', null)]))).toEqual(noPlan);
    expect(singlePaidPrice([price('corp')])._id).toBe('prc-1');
  });

  it('reads the provider settings: mode from the key, address override, not configured without a key', async () => {
    expect(apiAddress('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(apiAddress('https://api.example.test')).toEqual({ host: 'api.example.test', port: 443, protocol: 'https' });
    expect(apiAddress(undefined)).toEqual({});
    expect(new StripePaymentProvider({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x' })).toMatchObject({ configured: true, livemode: true, publishableKey: 'pk_live_x' });
    const none = new StripePaymentProvider({ publishableKey: 'pk_test_x' });
    expect(none).toMatchObject({ configured: false, livemode: false, publishableKey: null });
    await expect(none.createCustomer({ email: 'a@b.c', name: 'n', accountId: 'acc-1' })).rejects.toMatchObject({ error: 'service_unavailable', reason: 'The payment provider is not configured' });
    expect(reasonOf(() => new StripePaymentProvider({ secretKey: 'sk_test_x' }).parseEvent('{}', 'sig'))).toMatchObject({ status: 503 });
  });

  it("names the price a group pays with: its paid plan in its mode, only when it is the provider's customer", () => {
    expect(planPriceId('pro', false)).toBe('prc-pro-test');
    expect(planPriceId('corp', true)).toBe('prc-corp-live');
    expect(paidPriceId('corp', false, 'cus_1')).toBe('prc-corp-test');
    expect(paidPriceId('pro', true, 'cus_1')).toBe('prc-pro-live');
    expect(paidPriceId('pro', 'true', 'cus_1')).toBe('prc-pro-test'); // only the boolean true is live
    expect(paidPriceId('free', false, 'cus_1')).toBeNull(); // back on free after a cancel: the customer stays
    expect(paidPriceId('corp', undefined, undefined)).toBeNull(); // a sub-group: its parent's plan, no customer
    expect(paidPriceId('corp', false, '')).toBeNull();
    expect(paidPriceId(undefined, false, 'cus_1')).toBeNull();
  });
});
