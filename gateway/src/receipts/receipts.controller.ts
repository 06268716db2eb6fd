import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors } from '../http/openapi';
import { ReceiptsService } from './receipts.service';

@ApiTags('tickets')
@SignedIn()
@Controller()
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @Get(':account_id/receipts/:kind/:file')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({
    summary:
      'A receipt as an A4 PDF download: service (the 2-copy ticket receipt, id tkt-…), contract (the ticket’s contract receipt, id tkt-…; 404 when the ticket has no contract and the group prints contract receipts on demand) or estimate (id est-…)',
  })
  @ApiParam({ name: 'account_id', description: 'the group id (acc-…); needs a membership of the group' })
  @ApiParam({ name: 'kind', enum: ['service', 'contract', 'estimate'] })
  @ApiParam({ name: 'file', description: '<id>.pdf' })
  @ApiQuery({ name: 'tz', required: false, description: 'IANA time zone the dates are printed in (default UTC), e.g. America/Sao_Paulo' })
  @ApiResponse({ status: 200, description: 'the PDF, as an attachment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(401, 403, 404, 503)
  async pdf(
    @Caller() caller: ResolvedCaller,
    @Param('account_id') accountId: string,
    @Param('kind') kind: string,
    @Param('file') file: string,
    @Query('tz') tz: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const receipt = await this.receipts.pdf(caller, accountId, kind, file, tz);
    reply.type('application/pdf').header('content-disposition', `attachment; filename="${receipt.filename}"`);
    return receipt.pdf;
  }
}
