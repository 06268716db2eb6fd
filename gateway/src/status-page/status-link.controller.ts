import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { StatusLinkReply } from '@app/proto';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors } from '../http/openapi';
import { StatusPageService } from './status-page.service';

// A ticket's status link as the shop sees it (issue 31): read (made the first time it is asked for), renew and revoke
// (administrators), mail it to the ticket's customer. The membership is checked like the document API's.

const ACCOUNT = { name: 'account_id', description: 'the group id (acc-…); needs a membership of the group' };
const TICKET = { name: 'ticket_id', description: 'the ticket (tkt-…)' };
const TZ = { name: 'tz', required: false, description: 'IANA time zone the page shows its dates in, for a link made now (default UTC)' };

const REPLY = {
  type: 'object' as const,
  properties: {
    ticket_id: { type: 'string' as const },
    state: { type: 'string' as const, enum: ['active', 'revoked', 'expired'] },
    url: { type: 'string' as const, nullable: true, description: 'the page’s address, <PUBLIC_URL>/s/<token>; null once revoked' },
    qr: {
      type: 'object' as const,
      nullable: true,
      description: 'the QR code of url as an SVG path: the dark modules of a size × size grid',
      properties: { size: { type: 'integer' as const }, path: { type: 'string' as const } },
    },
    created_at: { type: 'string' as const },
    revoked_at: { type: 'string' as const, nullable: true },
    expires_at: { type: 'string' as const, nullable: true, description: 'when the page stops (days_after_done after the ticket was done or cancelled); null while it is open' },
    days_after_done: { type: 'number' as const },
    can_mail: { type: 'boolean' as const, description: 'the ticket’s customer has an e-mail address' },
    mailed_to: { type: 'string' as const, description: 'the address the link was mailed to (_mail only)' },
  },
};

@ApiTags('tickets')
@SignedIn()
@Controller()
export class StatusLinkController {
  constructor(private readonly pages: StatusPageService) {}

  @Get(':account_id/tickets/:ticket_id/status-link')
  @ApiOperation({ summary: 'The ticket’s status link for its customer (made the first time it is asked for, unless revoked), with its QR code' })
  @ApiParam(ACCOUNT)
  @ApiParam(TICKET)
  @ApiQuery(TZ)
  @ApiResponse({ status: 200, description: 'the link', schema: REPLY })
  @ApiErrors(401, 403, 404, 503)
  read(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('ticket_id') ticketId: string, @Query('tz') tz: unknown): Promise<StatusLinkReply> {
    return this.pages.link(caller.ctx, accountId, ticketId, 'read', tz);
  }

  @Post(':account_id/tickets/:ticket_id/status-link/_renew')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new token for the ticket’s status link (administrators): the old address stops at once; lifts a revoke' })
  @ApiParam(ACCOUNT)
  @ApiParam(TICKET)
  @ApiQuery(TZ)
  @ApiResponse({ status: 200, description: 'the new link', schema: REPLY })
  @ApiErrors(401, 403, 404, 503)
  renew(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('ticket_id') ticketId: string, @Query('tz') tz: unknown): Promise<StatusLinkReply> {
    return this.pages.link(caller.ctx, accountId, ticketId, 'renew', tz);
  }

  @Delete(':account_id/tickets/:ticket_id/status-link')
  @ApiOperation({ summary: 'Revokes the ticket’s status link (administrators): its page answers 404; no link is made again until a renew' })
  @ApiParam(ACCOUNT)
  @ApiParam(TICKET)
  @ApiResponse({ status: 200, description: 'the revoked link (url null)', schema: REPLY })
  @ApiErrors(401, 403, 404, 503)
  revoke(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('ticket_id') ticketId: string): Promise<StatusLinkReply> {
    return this.pages.link(caller.ctx, accountId, ticketId, 'revoke');
  }

  @Post(':account_id/tickets/:ticket_id/status-link/_mail')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails the ticket’s status link to the ticket’s customer (at most one a minute per ticket); 422 when the customer has no e-mail address, 409 when the link is revoked' })
  @ApiParam(ACCOUNT)
  @ApiParam(TICKET)
  @ApiResponse({ status: 200, description: 'the link, with mailed_to', schema: REPLY })
  @ApiErrors(401, 403, 404, 409, 422, 503)
  mail(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('ticket_id') ticketId: string): Promise<StatusLinkReply> {
    return this.pages.link(caller.ctx, accountId, ticketId, 'mail');
  }
}
