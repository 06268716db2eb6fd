import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { subject, TokenVerifyRequest } from '@app/proto';
import { TokensService } from './tokens.service';
import { parseRequest } from '@app/platform';

// Bearer user tokens: the gateway asks who a token belongs to. Tokens are created and revoked through the
// document protocol (documents.controller.ts).
@Controller()
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @MessagePattern(subject('identity.token.verify'))
  verify(@Payload() req: unknown) {
    return this.tokens.verify(parseRequest(TokenVerifyRequest, req));
  }
}
