import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, SessionOptional } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors, ApiJsonBody, ApiOk, ref } from '../http/openapi';
import { SessionService } from './session.service';

@ApiTags('session')
@Controller('_session')
export class SessionController {
  constructor(private readonly session: SessionService) {}

  @Get()
  @SessionOptional()
  @ApiOperation({
    summary: 'The session check: userCtx (name; roles: your id, "user" and the acc- ids of your groups and invitations), locale, confirmed, user, memberships; anonymous without a session',
  })
  @ApiResponse({ status: 200, description: 'signed in, or anonymous', schema: { oneOf: [ref('SessionReply'), ref('AnonymousSession')] } })
  @ApiErrors(401, 403)
  current(@Caller() caller: ResolvedCaller, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.session.current(caller, req, reply);
  }

  @Post()
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Login: sets the AuthSession and XSRF-TOKEN cookies. JSON only (415 otherwise); 403 when the browser says it comes from another site (Origin, Sec-Fetch-Site); 10 failures a minute per e-mail and per IP',
  })
  @ApiConsumes('application/json')
  @ApiJsonBody('LoginRequest')
  @ApiOk(200, 'LoginReply')
  @ApiErrors(400, 401, 403, 415, 429)
  login(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @Body() body: unknown) {
    return this.session.login(req, reply, body);
  }

  @Delete()
  @SessionOptional()
  @ApiOperation({ summary: 'Logout: ends the session and clears its cookies' })
  @ApiOk(200, 'OkReply')
  @ApiErrors(403)
  logout(@Caller() caller: ResolvedCaller, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.session.logout(caller, req, reply);
  }
}
