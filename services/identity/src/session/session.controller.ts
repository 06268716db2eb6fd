import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LoginRequest, SessionGetRequest, subject } from '@app/proto';
import { SessionService } from './session.service';
import { parseRequest } from '@app/platform';

// /_session (spec §7): log in and read the session. The gateway keeps the session itself (cookie, Redis).
@Controller()
export class SessionController {
  constructor(private readonly session: SessionService) {}

  @MessagePattern(subject('identity.session.login'))
  login(@Payload() req: unknown) {
    return this.session.login(parseRequest(LoginRequest, req));
  }

  @MessagePattern(subject('identity.session.get'))
  get(@Payload() req: unknown) {
    return this.session.get(parseRequest(SessionGetRequest, req));
  }
}
