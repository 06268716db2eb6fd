import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../http/openapi';
import type { FastifyReply } from 'fastify';
import { RpcClient } from '@app/platform';
import { AppError, UnsubscribePurpose } from '@app/proto';
import { Public } from '../auth/access';
import { PageState, pageLocale, unsubscribePage } from './unsubscribe-page';

// The unsubscribe link of the scheduled mails (weekly summary, Free-plan limit notice): GET shows a page that asks
// (a mail scanner that opens links changes nothing), POST stops the mails: the page's button and mail clients'
// one-click (RFC 8058: `List-Unsubscribe=One-Click` posted to the List-Unsubscribe address). The token names a user
// and what to stop; the accounts service checks it and does the change. Public: the link works without signing in.

const MAX_TOKEN = 500;

@ApiTags('mail')
@Controller('mail')
export class UnsubscribeController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('unsubscribe')
  @Public()
  @ApiOperation({ summary: "A mailed unsubscribe link's page (HTML, the mail's language): asks before it stops anything" })
  @ApiQuery({ name: 'token', required: true })
  @ApiQuery({ name: 'lang', required: false, description: 'en or pt-BR' })
  @ApiResponse({ status: 200, description: 'the page (also for a 400/404 link: an HTML page saying so)', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiErrors()
  async page(@Query('token') token: unknown, @Query('lang') lang: unknown, @Headers('accept-language') accept: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const locale = pageLocale(lang, accept);
    const answer = (status: number, state: PageState, purpose?: UnsubscribePurpose) => {
      reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      return unsubscribePage({ state, locale, purpose, action: `/mail/unsubscribe?token=${encodeURIComponent(String(token))}&lang=${locale}` });
    };
    if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN) return answer(400, 'invalid');
    try {
      const check = await this.rpc.call('accounts.unsubscribe.check', { token });
      return answer(200, check.done ? 'already' : 'confirm', check.purpose);
    } catch (err) {
      return answer(...failure(err));
    }
  }

  @Post('unsubscribe')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Stops the mails a mailed unsubscribe link names (one-click, RFC 8058, or the page\'s button); answers a page' })
  @ApiQuery({ name: 'token', required: true })
  @ApiResponse({ status: 200, description: 'the page saying it is done (also for a 400/404 link: an HTML page saying so)', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiErrors()
  async apply(@Query('token') token: unknown, @Query('lang') lang: unknown, @Body() body: unknown, @Headers('accept-language') accept: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const locale = pageLocale(lang, accept);
    const answer = (status: number, state: PageState, purpose?: UnsubscribePurpose) => {
      reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      return unsubscribePage({ state, locale, purpose });
    };
    // the token is in the address (one-click posts to it as it is); a form may send it in the body instead
    const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).token : undefined;
    const t = typeof token === 'string' && token ? token : fromBody;
    if (typeof t !== 'string' || t === '' || t.length > MAX_TOKEN) return answer(400, 'invalid');
    try {
      const done = await this.rpc.call('accounts.unsubscribe.apply', { token: t });
      return answer(200, 'done', done.purpose);
    } catch (err) {
      return answer(...failure(err));
    }
  }
}

/** A refused token is the invalid page (400); the accounts service away is 503; anything else is not ours to hide. */
function failure(err: unknown): [number, PageState] {
  if (err instanceof AppError && err.status === 400) return [400, 'invalid'];
  if (err instanceof AppError && err.status === 503) return [503, 'unavailable'];
  throw err;
}
