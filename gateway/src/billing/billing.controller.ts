import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { BillingConfigReply, CheckoutReply, WebhookReply } from '@app/proto';
import { Public, SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors, ApiJsonBody, ApiOk } from '../http/openapi';
import { BillingService } from './billing.service';

const schema = (s: { toJSONSchema(p: { target: 'openapi-3.0' }): unknown }) => s.toJSONSchema({ target: 'openapi-3.0' }) as Record<string, unknown>;

/** Plan prices, payment configuration, embedded checkout and the payment provider's webhook (spec §4, §5, §7). */
@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Post('prices/_find')
  @Public() // the landing page shows them to visitors: the prices checkout charges, nothing secret
  @HttpCode(200)
  @ApiOperation({ summary: 'The active plan prices (PlanPrice: livemode, group_plan, unit_amount in cents, platform_price_id); public' })
  @ApiJsonBody('FindQuery')
  @ApiOk(200, 'FindReply')
  @ApiErrors(400, 503)
  prices(@Caller() caller: ResolvedCaller, @Body() body: unknown) {
    return this.billing.prices(caller, body);
  }

  @Get('billing/config')
  @Public()
  @ApiOperation({ summary: "The payment provider's publishable key (null when payments are not configured) and whether it is live" })
  @ApiResponse({ status: 200, description: 'OK', schema: schema(BillingConfigReply) })
  @ApiErrors(503)
  config() {
    return this.billing.config();
  }

  @Post(':db/_checkout')
  @SignedIn()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start an embedded checkout for a paid plan (administrators): needs the billing e-mail (422 {billing_email: is-invalid}), exactly one active ' +
      "price ('We could not find any plan, please refresh the page'), no plan switch in the last 24 hours (429); answers the client secret",
  })
  @ApiParam({ name: 'db', description: 'the group id (acc-…)' })
  @ApiBody({ schema: { type: 'object', required: ['price_id'], properties: { price_id: { type: 'string', example: 'prc-pro-live' } } } })
  @ApiResponse({ status: 200, description: 'OK', schema: schema(CheckoutReply) })
  @ApiErrors(400, 401, 403, 404, 422, 429, 503)
  checkout(@Caller() caller: ResolvedCaller, @Param('db') db: string, @Body() body: unknown) {
    return this.billing.checkout(caller, db, body);
  }

  @Post('billing/webhook')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: "The payment provider's events (Stripe webhook): checkout completion confirms the plan; signature checked" })
  @ApiHeader({ name: 'stripe-signature', required: true })
  @ApiBody({ schema: { type: 'object', additionalProperties: true, description: 'the event, as the provider signed it' } })
  @ApiResponse({ status: 200, description: 'OK', schema: schema(WebhookReply) })
  @ApiErrors(400, 503)
  webhook(@Body() body: unknown, @Headers('stripe-signature') signature: unknown) {
    return this.billing.webhook(body, signature);
  }
}
