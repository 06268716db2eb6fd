import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors, ApiJsonBody, ApiOk } from '../http/openapi';
import { AccountsService } from './accounts.service';

const ACCOUNT_ID = { name: 'account_id', description: 'the group id (acc-…); needs a membership of the group' };

@ApiTags('groups')
@SignedIn()
@Controller('accounts')
export class GroupsController {
  constructor(private readonly accounts: AccountsService) {}

  @Post()
  @ApiOperation({ summary: 'Create a group (or a corporate sub-group): you become its accepted administrator member' })
  @ApiJsonBody('AccountCreateRequest')
  @ApiOk(201, 'AccountCreateReply', 'created')
  @ApiErrors(400, 401, 403, 413, 415, 422, 503)
  create(@Caller() caller: ResolvedCaller, @Body() body: unknown) {
    return this.accounts.create(caller, body);
  }

  @Get(':account_id')
  @ApiOperation({ summary: 'Read a group, with its confirmed-plan' })
  @ApiParam(ACCOUNT_ID)
  @ApiQuery({ name: 'fields', required: false, description: 'comma list or JSON array of field names' })
  @ApiOk(200, 'Account')
  @ApiErrors(400, 401, 403, 404, 503)
  get(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Query('fields') fields: unknown) {
    return this.accounts.get(caller, accountId, fields);
  }

  @Put(':account_id')
  @ApiOperation({ summary: 'Edit the group profile: name (required) and billing e-mail; administrators only' })
  @ApiParam(ACCOUNT_ID)
  @ApiQuery({ name: 'rev', required: false, description: 'the revision the change is based on (or _rev in the body)' })
  @ApiJsonBody('AccountUpdateRequest')
  @ApiOk(200, 'WriteReply')
  @ApiErrors(400, 401, 403, 404, 409, 413, 415, 422, 503)
  update(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Query('rev') rev: unknown, @Body() body: unknown) {
    return this.accounts.update(caller, accountId, rev, body);
  }

  @Get(':account_id/groups')
  @ApiOperation({ summary: 'The sub-groups of a corporate group' })
  @ApiParam(ACCOUNT_ID)
  @ApiOk(200, 'AccountChildrenReply')
  @ApiErrors(401, 403, 404, 503)
  children(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string) {
    return this.accounts.children(caller, accountId);
  }
}
