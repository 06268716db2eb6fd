import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MembershipResolveRequest, RolesGetRequest, SecurityGetRequest, subject } from '@app/proto';
import { MembershipsService } from './memberships.service';
import { parseRequest } from '@app/platform';

// Tenancy for the gateway (membership resolve, session roles) and the account's security document. Accepting an
// invitation and bookmarking (proto ACCOUNT_UPDATES.accept, .bookmark) are update handlers of accounts.doc.update:
// DocumentsService.update runs MembershipsService.accept and .bookmark.
@Controller()
export class MembershipsController {
  constructor(private readonly memberships: MembershipsService) {}

  @MessagePattern(subject('accounts.membership.resolve'))
  resolve(@Payload() req: unknown) {
    return this.memberships.resolve(parseRequest(MembershipResolveRequest, req));
  }

  @MessagePattern(subject('accounts.roles.get'))
  roles(@Payload() req: unknown) {
    return this.memberships.roles(parseRequest(RolesGetRequest, req));
  }

  @MessagePattern(subject('accounts.security.get'))
  security(@Payload() req: unknown) {
    return this.memberships.security(parseRequest(SecurityGetRequest, req).ctx);
  }
}
