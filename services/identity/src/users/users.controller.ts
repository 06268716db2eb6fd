import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RegisterRequest, subject, UserGetRequest, UserUpdateRequest } from '@app/proto';
import { UsersService } from './users.service';
import { parseRequest } from '@app/platform';

// /_users (spec §7): register, read and edit the caller's own profile.
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(subject('identity.user.register'))
  register(@Payload() req: unknown) {
    return this.users.register(parseRequest(RegisterRequest, req));
  }

  @MessagePattern(subject('identity.user.get'))
  get(@Payload() req: unknown) {
    return this.users.get(parseRequest(UserGetRequest, req));
  }

  @MessagePattern(subject('identity.user.update'))
  update(@Payload() req: unknown) {
    return this.users.update(parseRequest(UserUpdateRequest, req));
  }
}
