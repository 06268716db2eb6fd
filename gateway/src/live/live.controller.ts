import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors } from '../http/openapi';
import { LiveService } from './live.service';

const STREAM_DESCRIPTION = [
  'Server-Sent Events (text/event-stream) of the group\'s change feed as it grows: each change is an event whose `id:` is its seq',
  'and whose `data:` is `{seq, id, changes: [{rev}], deleted?, action, klass}` (a `_changes` result without doc or actor).',
  'The first event, `ready`, gives the position the stream starts after (`{"last_seq": n}`); `reset` says more changes were',
  'missed than are replayed (reload, then follow on); `end` (`{error, reason}`) says why the server ended the stream (a',
  'membership removed, a session ended): do not reconnect then. A comment line comes every 25 s. After `Last-Event-ID`',
  '(the header a browser sends when it reconnects, or the `last-event-id` parameter) the changes after that seq come first.',
].join(' ');

/** `GET /{account_id}/_events`: the live updates of a group (spec §7's change feed, pushed). */
@ApiTags('databases')
@SignedIn()
@Controller()
export class LiveController {
  constructor(private readonly live: LiveService) {}

  @Get(':account_id/_events')
  @ApiOperation({ summary: "The group's changes as they happen (Server-Sent Events)", description: STREAM_DESCRIPTION })
  @ApiParam({ name: 'account_id', description: 'a group id (acc-…); needs a membership' })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'resume after this seq (browsers send it when they reconnect)' })
  @ApiQuery({ name: 'last-event-id', required: false, description: 'the same, for clients that cannot set headers' })
  @ApiResponse({ status: 200, description: 'the event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiErrors(400, 401, 403, 404, 429, 503)
  async events(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.live.open(caller, accountId, request, reply);
  }
}
