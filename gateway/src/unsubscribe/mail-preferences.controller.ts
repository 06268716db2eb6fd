import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@app/platform';
import type { MailPreferences } from '@app/proto';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors } from '../http/openapi';

// The signed-in user's scheduled mails that no group flag covers (the Free-plan limit notices): what a mailed
// unsubscribe link stopped, the profile's switch turns back on. The accounts service owns the opt-outs.

const PREFERENCES = { type: 'object', required: ['free_limit_notices'], properties: { free_limit_notices: { type: 'boolean' } } };

@ApiTags('mail')
@SignedIn()
@Controller('mail')
export class MailPreferencesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('preferences')
  @ApiOperation({ summary: "The user's scheduled mails beside the groups' notification flags (the Free-plan limit notices)" })
  @ApiResponse({ status: 200, description: 'OK', schema: PREFERENCES })
  @ApiErrors(401, 503)
  get(@Caller() caller: ResolvedCaller): Promise<MailPreferences> {
    return this.rpc.call('accounts.mail.preferences.get', { ctx: caller.ctx });
  }

  @Put('preferences')
  @ApiOperation({ summary: "Turns the user's Free-plan limit notices on or off" })
  @ApiBody({ schema: PREFERENCES })
  @ApiResponse({ status: 200, description: 'the preferences now', schema: PREFERENCES })
  @ApiErrors(400, 401, 503)
  set(@Caller() caller: ResolvedCaller, @Body() body: unknown): Promise<MailPreferences> {
    return this.rpc.call('accounts.mail.preferences.set', { ctx: caller.ctx, preferences: body as MailPreferences });
  }
}
