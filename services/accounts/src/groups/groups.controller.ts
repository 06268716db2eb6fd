import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountChildrenRequest, AccountCreateRequest, AccountGetRequest, AccountUpdateRequest, subject } from '@app/proto';
import { GroupsService } from './groups.service';
import { parseRequest } from '@app/platform';

// Groups: create, read (GET /accounts/{account_id}), edit the profile, list sub-groups.
@Controller()
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @MessagePattern(subject('accounts.account.create'))
  create(@Payload() req: unknown) {
    return this.groups.create(parseRequest(AccountCreateRequest, req));
  }

  @MessagePattern(subject('accounts.account.get'))
  get(@Payload() req: unknown) {
    return this.groups.get(parseRequest(AccountGetRequest, req));
  }

  @MessagePattern(subject('accounts.account.update'))
  update(@Payload() req: unknown) {
    return this.groups.updateProfile(parseRequest(AccountUpdateRequest, req));
  }

  @MessagePattern(subject('accounts.account.children'))
  children(@Payload() req: unknown) {
    return this.groups.children(parseRequest(AccountChildrenRequest, req).ctx);
  }
}
