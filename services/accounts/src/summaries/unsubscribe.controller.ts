import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MailPreferencesGetRequest, MailPreferencesSetRequest, subject, UnsubscribeRequest } from '@app/proto';
import { parseRequest } from '@app/platform';
import { UnsubscribeService } from './unsubscribe.service';

// GET and POST /mail/unsubscribe?token=… and GET/PUT /mail/preferences at the gateway (gateway/src/unsubscribe).
@Controller()
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @MessagePattern(subject('accounts.unsubscribe.check'))
  check(@Payload() req: unknown) {
    return this.unsubscribe.check(parseRequest(UnsubscribeRequest, req));
  }

  @MessagePattern(subject('accounts.unsubscribe.apply'))
  apply(@Payload() req: unknown) {
    return this.unsubscribe.apply(parseRequest(UnsubscribeRequest, req));
  }

  @MessagePattern(subject('accounts.mail.preferences.get'))
  preferences(@Payload() req: unknown) {
    return this.unsubscribe.preferences(parseRequest(MailPreferencesGetRequest, req));
  }

  @MessagePattern(subject('accounts.mail.preferences.set'))
  setPreferences(@Payload() req: unknown) {
    return this.unsubscribe.setPreferences(parseRequest(MailPreferencesSetRequest, req));
  }
}
