import { Injectable } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import { BillingConfigReply, CheckoutReply, errors, FindReply, WebhookReply } from '@app/proto';
import { ResolvedCaller } from '../auth/caller';
import { parseFindQuery } from '../documents/documents.service';
import { TenancyService } from '../documents/tenancy.service';
import { objectBody } from '../http/body-parser';

// Plans and billing at the HTTP edge: each route is one call to the accounts service, which alone talks to the
// payment provider (services/accounts/src/billing/payment-provider.ts).

@Injectable()
export class BillingService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tenancy: TenancyService,
  ) {}

  /** POST /prices/_find: the active plan prices matching the selector (spec §7). */
  prices(caller: ResolvedCaller, body: unknown): Promise<FindReply> {
    return this.rpc.call('accounts.prices.find', { ctx: caller.ctx, query: parseFindQuery(body) });
  }

  /** GET /billing/config: the publishable key (null when payments are not configured) and the keys' mode. */
  config(): Promise<BillingConfigReply> {
    return this.rpc.call('accounts.billing.config', {});
  }

  /** POST /{account_id}/_checkout {price_id}: an embedded checkout session for a paid plan (administrators). */
  async checkout(caller: ResolvedCaller, db: string, body: unknown): Promise<CheckoutReply> {
    // another user's database is 403 like every /{db} route; the accounts service takes only a group
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    return this.rpc.call('accounts.billing.checkout', { ctx, price_id: objectBody(body).price_id });
  }

  /** POST /billing/webhook: the provider's event exactly as sent (the body parser keeps it as text) and its signature. */
  webhook(body: unknown, signature: unknown): Promise<WebhookReply> {
    if (typeof body !== 'string' || body === '') throw errors.badRequest('the webhook body must be the JSON text the provider sent');
    if (typeof signature !== 'string' || signature === '') throw errors.badRequest('the Stripe-Signature header is missing');
    return this.rpc.call('accounts.billing.webhook', { payload: body, signature });
  }
}
