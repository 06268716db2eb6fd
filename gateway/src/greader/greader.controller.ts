import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, CallerContext, errors } from '@app/proto';
import { Public } from '../auth/access';
import { clientLoginError, GreaderAuth } from './greader-auth';
import { GreaderService, Params } from './greader.service';

// The Google Reader API under /greader/{account_id} (proto GREADER_BASE), for mobile readers (Reeder, FeedMe,
// NetNewsWire…): the server address a user gives the app is https://<host>/greader/<group id>. Outside the OpenAPI
// document: Google's protocol is described by its clients, not by this product. The routes are public to the
// gateway's guard because the caller comes in Google's own header, checked here (GreaderAuth).

const API = 'reader/api/0';
const CONTENTS = `/${API}/stream/contents/`;
const ATOM = '/reader/atom/';

/** Query and form fields together (clients send either), the form's winning. */
function paramsOf(query: unknown, body: unknown): Params {
  const fields = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Params) : {});
  return { ...fields(query), ...fields(body) };
}

/** The stream id written in the path after `after` (stream/contents/, reader/atom/; percent-encoded or not), else `s=`. */
function streamIdOf(request: FastifyRequest, params: Params, after = CONTENTS): string {
  const path = request.url.split('?')[0];
  const at = path.indexOf(after);
  const inPath = at >= 0 ? path.slice(at + after.length) : '';
  if (inPath) {
    try {
      return decodeURIComponent(inPath);
    } catch {
      throw errors.badRequest('the stream id is not valid percent-encoding');
    }
  }
  const s = params.s;
  return (Array.isArray(s) ? s[0] : s) ?? '';
}

@ApiExcludeController()
@Public()
@Controller('greader/:account_id')
export class GreaderController {
  constructor(
    private readonly auth: GreaderAuth,
    private readonly greader: GreaderService,
  ) {}

  private caller(accountId: string, request: FastifyRequest): Promise<CallerContext> {
    return this.auth.caller(accountId, request.headers.authorization, request.id);
  }

  /** Email + Passwd (a user token) → `SID=…\nLSID=…\nAuth=…`; failures as Google's `Error=BadAuthentication`. */
  @Post('accounts/ClientLogin')
  async clientLogin(@Param('account_id') accountId: string, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const params = paramsOf(query, body);
    const pick = (name: string) => (Array.isArray(params[name]) ? params[name][0] : params[name]);
    try {
      const { auth } = await this.auth.login(accountId, pick('Email'), pick('Passwd'), { id: request.id, ip: request.ip });
      return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(`SID=${auth}\nLSID=${auth}\nAuth=${auth}\n`);
    } catch (err) {
      const answer = clientLoginError(err);
      if (!answer) throw err;
      return reply.code(answer.status).headers(answer.headers ?? {}).type('text/plain; charset=utf-8').send(answer.body);
    }
  }

  @Get(`${API}/token`)
  @Header('content-type', 'text/plain; charset=utf-8')
  async token(@Param('account_id') accountId: string, @Req() request: FastifyRequest): Promise<string> {
    await this.caller(accountId, request);
    return this.auth.editToken(request.headers.authorization ?? '');
  }

  @Get(`${API}/user-info`)
  async userInfo(@Param('account_id') accountId: string, @Req() request: FastifyRequest) {
    return this.greader.userInfo(await this.caller(accountId, request));
  }

  @Get(`${API}/subscription/list`)
  async subscriptionList(@Param('account_id') accountId: string, @Req() request: FastifyRequest) {
    return this.greader.subscriptionList(await this.caller(accountId, request));
  }

  @Get(`${API}/tag/list`)
  async tagList(@Param('account_id') accountId: string, @Req() request: FastifyRequest) {
    return this.greader.tagList(await this.caller(accountId, request));
  }

  @Get(`${API}/unread-count`)
  async unreadCount(@Param('account_id') accountId: string, @Req() request: FastifyRequest) {
    return this.greader.unreadCount(await this.caller(accountId, request));
  }

  @Get([`${API}/stream/contents`, `${API}/stream/contents/*`])
  async streamContents(@Param('account_id') accountId: string, @Query() query: unknown, @Req() request: FastifyRequest) {
    const ctx = await this.caller(accountId, request);
    const params = paramsOf(query, undefined);
    return this.greader.streamContents(ctx, streamIdOf(request, params), params);
  }

  /** A stream as Atom (FeedHQ's and Google's `reader/atom/<stream id>`: newsboat reads every feed so). */
  @Get('reader/atom/*')
  async atom(@Param('account_id') accountId: string, @Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const ctx = await this.caller(accountId, request);
    const params = paramsOf(query, undefined);
    const xml = await this.greader.atomStream(ctx, streamIdOf(request, params, ATOM), params);
    return reply.code(200).type('application/atom+xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
  }

  /**
   * The subscriptions as an OPML file, for a reader's "OPML URL" (newsboat's `opml-url`): a plain GET with the e-mail
   * and a user token as Basic credentials (in the address), as WebDAV takes them; a read token is enough.
   */
  @Get(['subscriptions.opml', 'reader/subscriptions/export'])
  async opml(@Param('account_id') accountId: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    let ctx: CallerContext;
    try {
      ctx = await this.auth.readerCaller(accountId, { headers: request.headers, id: request.id, ip: request.ip });
    } catch (err) {
      // a client that waits for the challenge before it sends its credentials
      if (err instanceof AppError && err.status === 401) reply.header('www-authenticate', 'Basic realm="ServiceDesk reader", charset="UTF-8"');
      throw err;
    }
    const xml = await this.greader.opml(ctx);
    return reply.code(200).type('text/x-opml; charset=utf-8').header('content-disposition', 'inline; filename="subscriptions.opml"').header('cache-control', 'no-store').send(xml);
  }

  @Get(`${API}/stream/items/ids`)
  async streamItemIds(@Param('account_id') accountId: string, @Query() query: unknown, @Req() request: FastifyRequest) {
    return this.greader.streamItemIds(await this.caller(accountId, request), paramsOf(query, undefined));
  }

  @Post(`${API}/stream/items/contents`)
  @HttpCode(200)
  async itemsContents(@Param('account_id') accountId: string, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.greader.itemsContents(await this.caller(accountId, request), paramsOf(query, body));
  }

  @Post(`${API}/edit-tag`)
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  async editTag(@Param('account_id') accountId: string, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest): Promise<string> {
    await this.greader.editTag(await this.caller(accountId, request), paramsOf(query, body));
    return 'OK';
  }

  @Post(`${API}/mark-all-as-read`)
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  async markAllAsRead(@Param('account_id') accountId: string, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest): Promise<string> {
    await this.greader.markAllAsRead(await this.caller(accountId, request), paramsOf(query, body));
    return 'OK';
  }

  @Post(`${API}/subscription/quickadd`)
  @HttpCode(200)
  async quickAdd(@Param('account_id') accountId: string, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.greader.quickAdd(await this.caller(accountId, request), paramsOf(query, body));
  }

  @Post(`${API}/subscription/edit`)
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  async subscriptionEdit(@Param('account_id') accountId: string, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest): Promise<string> {
    await this.greader.subscriptionEdit(await this.caller(accountId, request), paramsOf(query, body));
    return 'OK';
  }
}
