import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  AppError,
  BILLING_REASONS,
  BillingConfigReply,
  CallerContext,
  CheckoutReply,
  CheckoutRequest,
  errors,
  FindReply,
  PlanPriceDoc,
  PlanRequest,
  PricesFindRequest,
  WebhookReply,
  WebhookRequest,
  WriteReply,
} from '@app/proto';
import { AppConfig, requireWrite } from '@app/platform';
import { ChangesRepository } from '../changes/changes.repository';
import { accountDb, requireAdmin } from '../common/caller';
import { APP_CONFIG } from '../common/tokens';
import { AccountsRepository } from '../groups/accounts.repository';
import { BillingRepository } from './billing.repository';
import { checkFreeAllowed, checkSwitchLock, countedRecords, isPaidPlan, requireBillingEmail, seedPrices, singlePaidPrice } from './billing.rules';
import { PAYMENT_PROVIDER, PaymentProvider, ProviderEvent } from './payment-provider';

const logger = new Logger('billing');

/**
 * Plans and billing (spec §4 group plan, §5 plan checkout, §7 prices and the subscription update handlers):
 * the plan prices, the free/cancel switches, embedded checkout for a paid plan and the provider's webhook, which is
 * what confirms a paid plan (confirmed-plan, livemode, platform_customer_id).
 */
@Injectable()
export class BillingService implements OnApplicationBootstrap {
  constructor(
    private readonly repo: BillingRepository,
    private readonly accounts: AccountsRepository,
    private readonly changes: ChangesRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
  ) {}

  /** Seeds the plan prices once the schema is migrated (onModuleInit of AccountsDatabase). */
  async onApplicationBootstrap(): Promise<void> {
    await this.repo.seed(seedPrices(process.env, this.provider.livemode));
  }

  /** POST /prices/_find: active plan prices (any signed-in user). */
  /** Public: the landing page shows the prices to visitors (one source with the plan page). */
  async findPrices(req: PricesFindRequest): Promise<FindReply> {
    return { docs: await this.repo.findPrices(req.query) };
  }

  config(): BillingConfigReply {
    return { publishable_key: this.provider.publishableKey, livemode: this.provider.livemode };
  }

  /**
   * PUT /{account_id}/_design/subscription/_update/{free|cancel}/{account_id}: administrators record the request as
   * `unconfirmed-plan`; a paid subscription is ended at the close of its paid period by the provider, whose webhook
   * then confirms the free plan. Free is refused above 1,000 records; any switch within 24 h of the last is refused.
   */
  async switchPlan(ctx: CallerContext, id: string, to: PlanRequest): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    requireAdmin(ctx);
    if (id !== db) throw errors.notFound();
    const [confirmed, unconfirmed] = await Promise.all([this.repo.config(db, 'confirmed-plan'), this.repo.config(db, 'unconfirmed-plan')]);
    checkSwitchLock(confirmed, unconfirmed);
    const paid = isPaidPlan(confirmed?.value);
    if (to === 'free') checkFreeAllowed(countedRecords(await this.changes.counters(db)));
    if (to === 'cancel' && !paid) throw errors.unprocessable(BILLING_REASONS.nothingToCancel);
    if (paid) {
      const customer = await this.repo.config(db, 'platform_customer_id');
      if (typeof customer?.value === 'string' && customer.value && this.provider.configured) await this.provider.cancelSubscriptions(customer.value);
    }
    const doc = await this.repo.setConfig(db, 'unconfirmed-plan', to, ctx.user_id);
    return { ok: true, id: doc._id, rev: doc._rev, doc };
  }

  /**
   * POST /{account_id}/_checkout {price_id}: an embedded checkout session for a paid plan. Needs a billing e-mail, one
   * active paid price of the provider's mode, and no switch in the last 24 h; the provider customer is created once
   * and reused. The request is recorded as `unconfirmed-plan` = the price id.
   */
  async checkout(req: CheckoutRequest): Promise<CheckoutReply> {
    const ctx = req.ctx;
    const db = accountDb(ctx);
    requireWrite(ctx);
    requireAdmin(ctx);
    const account = await this.accounts.get(db);
    if (!account) throw errors.notFound();
    const billingConfig = await this.repo.config(db, 'billing-email');
    const email = requireBillingEmail(account.billing_email || billingConfig?.value);
    const priceId = typeof req.price_id === 'string' ? req.price_id : '';
    const matches = priceId ? await this.repo.findPrices({ selector: { _id: priceId, livemode: this.provider.livemode }, limit: 2 }) : [];
    const price = singlePaidPrice(matches);
    const [confirmed, unconfirmed] = await Promise.all([this.repo.config(db, 'confirmed-plan'), this.repo.config(db, 'unconfirmed-plan')]);
    checkSwitchLock(confirmed, unconfirmed);
    if (!this.provider.configured) throw new AppError('service_unavailable', BILLING_REASONS.notConfigured);

    const customerId = await this.customerOf(db, email, String(account.name ?? db), ctx.user_id);
    const session = await this.provider.createCheckoutSession({
      customerId,
      platformPriceId: price.platform_price_id as string,
      accountId: db,
      priceId: price._id,
      groupPlan: String(price.group_plan),
      userId: ctx.user_id,
      returnUrl: `${this.appConfig.publicUrl}/account/${db}/billing?checkout={CHECKOUT_SESSION_ID}`,
      locale: ctx.locale,
    });
    await this.repo.setConfig(db, 'unconfirmed-plan', price._id, ctx.user_id);
    return { client_secret: session.clientSecret, session_id: session.id, customer_id: customerId, livemode: this.provider.livemode, price: PlanPriceDoc.parse(price) };
  }

  /** The group's provider customer of the current mode, created (and remembered) on the first checkout. */
  private async customerOf(db: string, email: string, name: string, actor: string | null): Promise<string> {
    const [customer, livemode] = await Promise.all([this.repo.config(db, 'platform_customer_id'), this.repo.config(db, 'livemode')]);
    if (typeof customer?.value === 'string' && customer.value && (livemode?.value ?? false) === this.provider.livemode) return customer.value;
    const id = await this.provider.createCustomer({ email, name, accountId: db });
    await this.repo.setConfig(db, 'livemode', this.provider.livemode, actor);
    await this.repo.setConfig(db, 'platform_customer_id', id, actor);
    return id;
  }

  /** POST /billing/webhook: a signed provider event; a completed checkout confirms the plan, an ended subscription frees it. */
  async webhook(req: WebhookRequest): Promise<WebhookReply> {
    const event = this.provider.parseEvent(req.payload, req.signature);
    const handled = await this.apply(event);
    return { received: true, handled };
  }

  private async apply(event: ProviderEvent): Promise<boolean> {
    if (event.kind === 'ignored') return false;
    const accountId = event.accountId ?? (event.customerId ? await this.repo.accountOfCustomer(event.customerId) : null);
    if (!accountId || !accountId.startsWith('acc-') || !(await this.accounts.get(accountId))) {
      logger.warn(`provider event ${event.id}: no group for it`);
      return false;
    }
    if (event.kind === 'checkout_completed') {
      if (!event.paid) return false;
      const price = event.priceId ? await this.repo.price(event.priceId) : null;
      if (!price || !isPaidPlan(price.group_plan)) {
        logger.warn(`provider event ${event.id}: unknown price ${event.priceId}`);
        return false;
      }
      await this.repo.setConfig(accountId, 'confirmed-plan', price.group_plan, null);
      await this.repo.setConfig(accountId, 'livemode', event.livemode, null);
      if (event.customerId) await this.repo.setConfig(accountId, 'platform_customer_id', event.customerId, null);
      await this.repo.removeConfig(accountId, 'unconfirmed-plan', null);
      return true;
    }
    // subscription_ended: only the customer the group holds now (an old customer's late event changes nothing)
    const customer = await this.repo.config(accountId, 'platform_customer_id');
    if (event.customerId && customer?.value && customer.value !== event.customerId) return false;
    await this.repo.setConfig(accountId, 'confirmed-plan', 'free', null);
    await this.repo.removeConfig(accountId, 'unconfirmed-plan', null);
    return true;
  }
}
