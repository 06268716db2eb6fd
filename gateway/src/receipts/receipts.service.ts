import { Injectable } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import { errors, RECEIPT_KINDS, ReceiptKind } from '@app/proto';
import { ResolvedCaller } from '../auth/caller';
import { TenancyService } from '../documents/tenancy.service';

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
}

const isKind = (kind: string): kind is ReceiptKind => (RECEIPT_KINDS as readonly string[]).includes(kind);

/**
 * Receipt PDFs (`GET /{account_id}/receipts/<kind>/<id>.pdf`): the caller's membership is checked like the document
 * API's (TenancyService), then the tickets service builds the PDF with the caller's context.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tenancy: TenancyService,
  ) {}

  async pdf(caller: ResolvedCaller, accountId: string, kind: string, file: string, timeZone: unknown): Promise<ReceiptFile> {
    // membership first, so a non-member learns nothing (403) whatever the rest of the path; then an unknown kind or
    // a name without .pdf is no receipt (404, like any other path that names nothing)
    const ctx = await this.tenancy.resolve(caller.ctx, accountId);
    if (!isKind(kind) || !file.endsWith('.pdf') || file.length <= 4) throw errors.notFound();
    const reply = await this.rpc.call('tickets.receipt.pdf', {
      ctx,
      kind,
      id: file.slice(0, -4),
      ...(typeof timeZone === 'string' && timeZone.length <= 100 ? { time_zone: timeZone } : {}),
    });
    return { filename: reply.filename, pdf: Buffer.from(reply.data, 'base64') };
  }
}
