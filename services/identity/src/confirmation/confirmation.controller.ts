import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConfirmRequest, EmailRequest, subject } from '@app/proto';
import { ConfirmationService } from './confirmation.service';
import { parseRequest } from '@app/platform';

// E-mail confirmation (spec §4): resend the link, and confirm with it.
@Controller()
export class ConfirmationController {
  constructor(private readonly confirmation: ConfirmationService) {}

  @MessagePattern(subject('identity.confirmation.request'))
  request(@Payload() req: unknown) {
    return this.confirmation.request(parseRequest(EmailRequest, req));
  }

  @MessagePattern(subject('identity.confirmation.confirm'))
  confirm(@Payload() req: unknown) {
    return this.confirmation.confirm(parseRequest(ConfirmRequest, req));
  }
}
