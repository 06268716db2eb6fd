import { Logger, Provider } from '@nestjs/common';
import Stripe from 'stripe';
import { AppError, BILLING_REASONS } from '@app/proto';

// The one adapter to the payment provider (Stripe, spec §1 "an external card payment provider"). Everything the
// product asks of it goes through here: customers, embedded checkout sessions, cancelling subscriptions and reading
// signed webhook events. Configured from the environment:
//   STRIPE_SECRET_KEY       sk_test_… or sk_live_… (its mode is the deployment's: spec §4 "the live payment key is
//                           used when livemode is true, otherwise the provider's sandbox")
//   STRIPE_PUBLISHABLE_KEY  pk_… handed to the web app to load the embedded form
//   STRIPE_WEBHOOK_SECRET   whsec_… checks the signature of POST /billing/webhook
//   STRIPE_API_URL          optional API address override (tests point it at a loopback server), e.g. http://127.0.0.1:12111
// Without STRIPE_SECRET_KEY the provider is "not configured": checkout answers 503 and the web app shows a notice.

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** A provider event the billing flow acts on, reduced to what it needs. */
export type ProviderEvent =
  | { kind: 'checkout_completed'; id: string; livemode: boolean; accountId: string | null; priceId: string | null; customerId: string | null; paid: boolean }
  | { kind: 'subscription_ended'; id: string; livemode: boolean; accountId: string | null; customerId: string | null }
  | { kind: 'ignored'; id: string; type: string };

export interface CheckoutSessionInput {
  customerId: string;
  platformPriceId: string;
  accountId: string;
  priceId: string;
  groupPlan: string;
  userId: string | null;
  returnUrl: string;
  locale?: string;
}

export interface PaymentProvider {
  /** a secret key is set */
  readonly configured: boolean;
  /** the keys are live ones (sk_live_/rk_live_) */
  readonly livemode: boolean;
  readonly publishableKey: string | null;
  createCustomer(input: { email: string; name: string; accountId: string }): Promise<string>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; clientSecret: string }>;
  /** Ends the customer's active subscriptions at the end of the paid period; answers how many. */
  cancelSubscriptions(customerId: string): Promise<number>;
  /** Checks the signature and reads the event; 400 for a bad signature, 503 when no webhook secret is set. */
  parseEvent(payload: string, signature: string): ProviderEvent;
}

export interface PaymentProviderConfig {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  apiUrl?: string;
}

export function paymentProviderConfig(env: NodeJS.ProcessEnv = process.env): PaymentProviderConfig {
  return {
    secretKey: env.STRIPE_SECRET_KEY || undefined,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    apiUrl: env.STRIPE_API_URL || undefined,
  };
}

const logger = new Logger('payment-provider');

/** Stripe's checkout locales include pt-BR; anything else we support is English. */
function checkoutLocale(locale: string | undefined): Stripe.Checkout.SessionCreateParams.Locale {
  return locale && /^pt/i.test(locale) ? 'pt-BR' : 'en';
}

function unavailable(err: unknown): AppError {
  logger.error(`payment provider call failed: ${err instanceof Error ? err.message : String(err)}`);
  return new AppError('service_unavailable', 'The payment provider did not answer, please try again later');
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

export class StripePaymentProvider implements PaymentProvider {
  private readonly stripe: Stripe | null;
  readonly configured: boolean;
  readonly livemode: boolean;
  readonly publishableKey: string | null;

  constructor(private readonly config: PaymentProviderConfig) {
    this.configured = !!config.secretKey;
    this.livemode = /^(sk|rk)_live_/.test(config.secretKey ?? '');
    this.publishableKey = this.configured ? (config.publishableKey ?? null) : null;
    this.stripe = config.secretKey ? new Stripe(config.secretKey, { ...apiAddress(config.apiUrl), maxNetworkRetries: 1, timeout: 20_000, telemetry: false }) : null;
  }

  private client(): Stripe {
    if (!this.stripe) throw new AppError('service_unavailable', BILLING_REASONS.notConfigured);
    return this.stripe;
  }

  async createCustomer(input: { email: string; name: string; accountId: string }): Promise<string> {
    const stripe = this.client();
    try {
      const customer = await stripe.customers.create({ email: input.email, name: input.name, metadata: { account_id: input.accountId } });
      return customer.id;
    } catch (err) {
      throw unavailable(err);
    }
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; clientSecret: string }> {
    const stripe = this.client();
    const metadata = { account_id: input.accountId, price_id: input.priceId, group_plan: input.groupPlan, user_id: input.userId ?? '' };
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        ui_mode: 'embedded_page',
        customer: input.customerId,
        line_items: [{ price: input.platformPriceId, quantity: 1 }],
        client_reference_id: input.accountId,
        metadata,
        subscription_data: { metadata },
        return_url: input.returnUrl,
        locale: checkoutLocale(input.locale),
      });
    } catch (err) {
      throw unavailable(err);
    }
    if (!session.client_secret) throw unavailable(new Error(`checkout session ${session.id} has no client_secret`));
    return { id: session.id, clientSecret: session.client_secret };
  }

  async cancelSubscriptions(customerId: string): Promise<number> {
    const stripe = this.client();
    try {
      const list = await stripe.subscriptions.list({ customer: customerId, status: 'active', limit: 100 });
      let n = 0;
      for (const sub of list.data) {
        if (sub.cancel_at_period_end) continue;
        await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
        n++;
      }
      return n;
    } catch (err) {
      throw unavailable(err);
    }
  }

  parseEvent(payload: string, signature: string): ProviderEvent {
    const stripe = this.client();
    if (!this.config.webhookSecret) throw new AppError('service_unavailable', BILLING_REASONS.notConfigured);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, this.config.webhookSecret);
    } catch (err) {
      logger.warn(`webhook refused: ${err instanceof Error ? err.message : String(err)}`);
      throw new AppError('bad_request', BILLING_REASONS.badSignature);
    }
    return toProviderEvent(event);
  }
}

/** Stripe's event, reduced to what billing acts on. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      return {
        kind: 'checkout_completed',
        id: event.id,
        livemode: event.livemode,
        accountId: s.metadata?.account_id || s.client_reference_id || null,
        priceId: s.metadata?.price_id || null,
        customerId: idOf(s.customer),
        // a delayed payment method completes the session unpaid; its async_payment_succeeded event comes later
        paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
      };
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return { kind: 'subscription_ended', id: event.id, livemode: event.livemode, accountId: sub.metadata?.account_id || null, customerId: idOf(sub.customer) };
    }
    default:
      return { kind: 'ignored', id: event.id, type: event.type };
  }
}

/** STRIPE_API_URL as the client's host/port/protocol settings. */
export function apiAddress(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

export const paymentProviders: Provider[] = [{ provide: PAYMENT_PROVIDER, useFactory: () => new StripePaymentProvider(paymentProviderConfig()) }];
