import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_NOTE_MAX } from '@app/proto';
import { Public } from '../auth/access';
import { HtmlAnswer, PageRequest, StatusPageService } from './status-page.service';

// The customer's status page of a ticket (issue 31): `GET /s/<token>` shows it, `POST /s/<token>` answers an estimate
// from its form. Public (the link is the key); HTML whatever happens. Its headers (a strict CSP, no framing, no
// Referer, noindex, no-store) are set for every answer under /s/ by the security-headers hook.

const HTML = { 'text/html': { schema: { type: 'string' as const } } };
const TOKEN = { name: 'token', description: 'the status link’s token (24 characters, base64url); an unknown, revoked or expired one is the same 404 page' };
const LANG = { name: 'lang', required: false, description: 'en or pt-BR (default: the group’s language)' };

@ApiTags('status page')
@Controller('s')
export class StatusPageController {
  constructor(private readonly pages: StatusPageService) {}

  @Get(':token')
  @Public()
  @ApiOperation({
    summary:
      'A ticket’s status page for its customer (no login, HTML, no script): the shop’s name and contacts, the ticket’s number, title, equipment, status with the dates of its changes, and its estimates (a pending one with Approve / Decline)',
  })
  @ApiParam(TOKEN)
  @ApiQuery(LANG)
  @ApiResponse({ status: 200, description: 'the page', content: HTML })
  @ApiResponse({ status: 404, description: 'the same page for an unknown, revoked or expired link', content: HTML })
  @ApiResponse({ status: 429, description: 'too many requests, or too many unknown links, from this address', content: HTML })
  async page(@Param('token') token: string, @Query('lang') lang: unknown, @Headers() headers: FastifyRequest['headers'], @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return send(reply, await this.pages.read(pageRequest(token, lang, headers, request)));
  }

  @Post(':token')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: `Answers a pending estimate from the page’s form (application/x-www-form-urlencoded: estimate = its number, decision = approved | declined, note ≤ ${STATUS_NOTE_MAX} characters, form = the form token the page gave). Recorded once: a second answer is 409; an estimate edited since the page was read is 409 with the new one shown`,
  })
  @ApiParam(TOKEN)
  @ApiQuery(LANG)
  @ApiResponse({ status: 200, description: 'the page, saying the answer was recorded', content: HTML })
  @ApiResponse({ status: 400, description: 'the page, saying the answer could not be read', content: HTML })
  @ApiResponse({ status: 403, description: 'a post from another site, or a form token that is not this page’s', content: HTML })
  @ApiResponse({ status: 404, description: 'the same page for an unknown, revoked or expired link', content: HTML })
  @ApiResponse({ status: 409, description: 'the page: the estimate was answered already, or changed since the page was read', content: HTML })
  @ApiResponse({ status: 422, description: 'the page: a note too long, an estimate not of this ticket', content: HTML })
  @ApiResponse({ status: 429, description: 'too many requests from this address or to this link', content: HTML })
  async answer(
    @Param('token') token: string,
    @Query('lang') lang: unknown,
    @Headers() headers: FastifyRequest['headers'],
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.pages.answer(pageRequest(token, lang, headers, request), body));
  }
}

function pageRequest(token: string, lang: unknown, headers: FastifyRequest['headers'], request: FastifyRequest): PageRequest {
  // a token longer than any real one is malformed: cut, it still finds no page (and takes the same path there)
  return { token: String(token ?? '').slice(0, 100), lang, ip: request.ip, headers };
}

function send(reply: FastifyReply, answer: HtmlAnswer): FastifyReply {
  reply.status(answer.status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
  if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
  return reply.send(answer.html);
}
