import { vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import type { PlanPriceDoc } from '@app/proto';

// A stub of the gateway for the billing pages' tests: the session, the group, its settings and counters, the payment
// configuration and the prices; `calls` records every request.

export const PRICES: PlanPriceDoc[] = [
  { _id: 'prc-free-test', _rev: '1-a', klass: 'PlanPrice', livemode: false, group_plan: 'free', unit_amount: 0, platform_price_id: null, active: true },
  { _id: 'prc-pro-test', _rev: '1-a', klass: 'PlanPrice', livemode: false, group_plan: 'pro', unit_amount: 600, platform_price_id: 'price_pro', active: true },
  { _id: 'prc-corp-test', _rev: '1-a', klass: 'PlanPrice', livemode: false, group_plan: 'corp', unit_amount: 1800, platform_price_id: 'price_corp', active: true },
];

export interface StubOptions {
  userId?: string;
  plan?: string;
  unconfirmed?: string;
  billingEmail?: string | null;
  prices?: PlanPriceDoc[];
  publishableKey?: string | null;
  /** answers of the update handlers and checkout, by path suffix */
  override?: (url: string, init?: RequestInit) => Response | undefined;
}

export function stubBillingApi(opts: StubOptions = {}) {
  const userId = opts.userId ?? 'usr-admin';
  const calls: Array<{ url: string; method: string; body?: unknown }> = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    const custom = opts.override?.(url, init);
    if (custom) return custom;
    if (url === '/_session')
      return jsonResponse(200, {
        ok: true,
        userCtx: { name: userId, roles: [] },
        user: { email: 'ann@shop.test', fullname: 'Ann', label: 'Ann', confirmed: true },
        memberships: [{ account_id: 'acc-1', subscription_id: 'sub-1', account_name: 'Ann Repairs', bookmark: true, status: 'accepted' }],
      });
    if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
    if (url === '/accounts/acc-1' && method === 'GET')
      return jsonResponse(200, { _id: 'acc-1', _rev: '3-a', name: 'Ann Repairs', billing_email: opts.billingEmail ?? null, 'confirmed-plan': opts.plan ?? 'free' });
    if (url.startsWith('/accounts/acc-1?') && method === 'PUT') return jsonResponse(200, { ok: true, id: 'acc-1', rev: '4-b' });
    if (url.includes('count-by-klass'))
      return jsonResponse(200, { rows: [{ key: 'Account', value: { kind: 'Account', amount: 1, size: 500, count: 1 } }, { key: 'Ticket', value: { kind: 'Ticket', amount: 40, size: 1_499_500, count: 40 } }] });
    if (url === '/acc-1/_find')
      return jsonResponse(200, { docs: opts.unconfirmed ? [{ _id: 'acn-u', _rev: '1-u', klass: 'AccountConfiguration', key: 'unconfirmed-plan', value: opts.unconfirmed }] : [] });
    if (url === '/billing/config') return jsonResponse(200, { publishable_key: opts.publishableKey ?? null, livemode: false });
    if (url === '/prices/_find') {
      const all = opts.prices ?? PRICES;
      const id = body?.selector?._id;
      return jsonResponse(200, { docs: id ? all.filter((p) => p._id === id) : all });
    }
    if (url.includes('/_design/subscription/_update/')) return jsonResponse(200, { ok: true, id: 'acn-u', rev: '1-u', doc: { key: 'unconfirmed-plan' } });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}
