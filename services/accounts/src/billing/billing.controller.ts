import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingConfigRequest, CheckoutRequest, PricesFindRequest, subject, WebhookRequest } from '@app/proto';
import { parseRequest } from '@app/platform';
import { BillingService } from './billing.service';

// POST /prices/_find, GET /billing/config, POST /{account_id}/_checkout and POST /billing/webhook. The plan switch
// (`_design/subscription/_update/{free|cancel}`, proto ACCOUNT_UPDATES.planSwitch) comes through accounts.doc.update:
// DocumentsService.update runs BillingService.switchPlan.
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @MessagePattern(subject('accounts.prices.find'))
  prices(@Payload() req: unknown) {
    return this.billing.findPrices(parseRequest(PricesFindRequest, req));
  }

  @MessagePattern(subject('accounts.billing.config'))
  config(@Payload() req: unknown) {
    parseRequest(BillingConfigRequest, req);
    return this.billing.config();
  }

  @MessagePattern(subject('accounts.billing.checkout'))
  checkout(@Payload() req: unknown) {
    return this.billing.checkout(parseRequest(CheckoutRequest, req));
  }

  @MessagePattern(subject('accounts.billing.webhook'))
  webhook(@Payload() req: unknown) {
    return this.billing.webhook(parseRequest(WebhookRequest, req));
  }
}
