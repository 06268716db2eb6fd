import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors, ApiJsonBody, ApiOk } from '../http/openapi';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('_users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @Public()
  @ApiOperation({ summary: 'Register; sends the confirmation mail (10 attempts an hour per IP)' })
  @ApiJsonBody('RegisterRequest')
  @ApiOk(201, 'PublicUser', 'the new user')
  @ApiErrors(400, 422, 429)
  register(@Req() req: FastifyRequest, @Body() body: unknown) {
    return this.users.register(req, body);
  }

  @Post('_confirmation')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Send the confirmation mail again (5 per 15 minutes per address)' })
  @ApiJsonBody('EmailRequest')
  @ApiOk(200, 'OkReply')
  @ApiErrors(400, 422, 429)
  requestConfirmation(@Req() req: FastifyRequest, @Body() body: unknown) {
    return this.users.requestConfirmation(req, body);
  }

  @Post('_confirm/:token')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the e-mail address with the mailed token' })
  @ApiParam({ name: 'token', description: 'from the confirmation mail' })
  @ApiOk(200, 'OkReply')
  @ApiErrors(400, 404)
  confirm(@Req() req: FastifyRequest, @Param('token') token: string) {
    return this.users.confirm(req, token);
  }

  @Post('_password')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a password-reset link (5 per 15 minutes per address)' })
  @ApiJsonBody('EmailRequest')
  @ApiOk(200, 'OkReply')
  @ApiErrors(400, 422, 429)
  requestPasswordReset(@Req() req: FastifyRequest, @Body() body: unknown) {
    return this.users.requestPasswordReset(req, body);
  }

  @Put('_password/:token')
  @Public()
  @ApiOperation({
    summary: 'Set a new password with the mailed token (valid 24 hours); ends every session of the user, revokes their API tokens and clears the cookies sent along',
  })
  @ApiParam({ name: 'token', description: 'from the password-reset mail' })
  @ApiJsonBody('PasswordResetRequest')
  @ApiOk(200, 'OkReply')
  @ApiErrors(400, 404, 422)
  resetPassword(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @Param('token') token: string, @Body() body: unknown) {
    return this.users.resetPassword(req, reply, token, body);
  }

  @Get(':name')
  @SignedIn()
  @ApiOperation({ summary: 'Read a user (yourself)' })
  @ApiParam({ name: 'name', description: 'the user id (usr-…)' })
  @ApiQuery({ name: 'fields', required: false, description: 'comma list or JSON array of field names' })
  @ApiOk(200, 'PublicUser')
  @ApiErrors(400, 401, 403, 404)
  get(@Caller() caller: ResolvedCaller, @Param('name') name: string, @Query('fields') fields: unknown) {
    return this.users.get(caller, name, fields);
  }

  @Put(':id')
  @SignedIn()
  @ApiOperation({
    summary:
      'Edit the profile or the password (needs current_password and a session: a token gets 403; a wrong current_password counts as a failed login); a password change ends your other sessions and keeps your API tokens',
  })
  @ApiParam({ name: 'id', description: 'the user id (usr-…)' })
  @ApiQuery({ name: 'rev', required: false, description: 'the revision the change is based on (or _rev in the body)' })
  @ApiJsonBody('UserUpdateRequest')
  @ApiOk(200, 'WriteReply')
  @ApiErrors(400, 401, 403, 404, 409, 422, 429)
  update(@Caller() caller: ResolvedCaller, @Req() req: FastifyRequest, @Param('id') id: string, @Query('rev') rev: unknown, @Body() body: unknown) {
    return this.users.update(caller, req, id, rev, body);
  }
}
