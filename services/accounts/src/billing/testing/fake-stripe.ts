import { randomBytes } from 'crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import Stripe from 'stripe';

// A loopback HTTP server answering the few Stripe API endpoints the payment-provider adapter calls, so tests run the
// real `stripe` client (pointed here with STRIPE_API_URL) and never reach the internet. It keeps what it was asked
// (form bodies as flat key → value maps) and the subscriptions it knows, and signs webhook events like Stripe does.

export interface FakeCall {
  method: string;
  path: string;
  /** form-encoded body (`line_items[0][price]` → value) or query parameters */
  params: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: 'active' | 'canceled';
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
}

export const FAKE_SECRET_KEY = 'sk_test_fake_0000000000';
export const FAKE_PUBLISHABLE_KEY = 'pk_test_fake_0000000000';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_0000000000';

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export class FakeStripe {
  readonly calls: FakeCall[] = [];
  readonly subscriptions: FakeSubscription[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The env the accounts service reads (payment-provider.ts), pointing the real client at this server. */
  env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_URL: this.url };
  }

  callsTo(method: string, path: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  addSubscription(customer: string, metadata: Record<string, string> = {}): FakeSubscription {
    const sub: FakeSubscription = { id: id('sub'), customer, status: 'active', cancel_at_period_end: false, metadata };
    this.subscriptions.push(sub);
    return sub;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const text = Buffer.concat(chunks).toString('utf8');
    const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : text));
    const method = req.method ?? 'GET';
    this.calls.push({ method, path: url.pathname, params });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (method === 'POST' && url.pathname === '/v1/customers') {
      return send(200, { id: id('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, livemode: false, metadata: {} });
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const sid = id('cs_test');
      return send(200, {
        id: sid,
        object: 'checkout.session',
        client_secret: `${sid}_secret_${randomBytes(6).toString('hex')}`,
        customer: params.customer ?? null,
        mode: params.mode,
        ui_mode: params.ui_mode,
        livemode: false,
        status: 'open',
        payment_status: 'unpaid',
      });
    }
    if (method === 'GET' && url.pathname === '/v1/subscriptions') {
      const data = this.subscriptions.filter((s) => s.customer === params.customer && (!params.status || s.status === params.status)).map(asObject);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && sub) {
      const found = this.subscriptions.find((s) => s.id === sub[1]);
      if (!found) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (params.cancel_at_period_end !== undefined) found.cancel_at_period_end = params.cancel_at_period_end === 'true';
      return send(200, asObject(found));
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } });
  }
}

function asObject(s: FakeSubscription) {
  return { id: s.id, object: 'subscription', customer: s.customer, status: s.status, cancel_at_period_end: s.cancel_at_period_end, metadata: s.metadata, livemode: false };
}

/** A webhook delivery as Stripe sends it: the JSON text and its Stripe-Signature header. */
export function signedEvent(type: string, object: Record<string, unknown>, opts: { livemode?: boolean; secret?: string } = {}): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: opts.livemode ?? false,
    type,
    data: { object },
  });
  const stripe = new Stripe(FAKE_SECRET_KEY);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? FAKE_WEBHOOK_SECRET }) };
}

/** A completed checkout session for a group and price (what the web app's embedded form leads to). */
export function checkoutCompleted(accountId: string, priceId: string, customer: string, extra: Record<string, unknown> = {}) {
  return signedEvent('checkout.session.completed', {
    id: id('cs_test'),
    object: 'checkout.session',
    customer,
    client_reference_id: accountId,
    metadata: { account_id: accountId, price_id: priceId, group_plan: 'pro' },
    payment_status: 'paid',
    status: 'complete',
    ...extra,
  });
}
