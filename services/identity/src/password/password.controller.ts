import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmailRequest, PasswordResetRequest, subject } from '@app/proto';
import { PasswordService } from './password.service';
import { parseRequest } from '@app/platform';

// Password reset (spec §9: the link is valid 24 hours): mail the link, and set the password with it.
@Controller()
export class PasswordController {
  constructor(private readonly password: PasswordService) {}

  @MessagePattern(subject('identity.password.request'))
  request(@Payload() req: unknown) {
    return this.password.request(parseRequest(EmailRequest, req));
  }

  @MessagePattern(subject('identity.password.reset'))
  reset(@Payload() req: unknown) {
    return this.password.reset(parseRequest(PasswordResetRequest, req));
  }
}
