import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReceiptPdfRequest, subject } from '@app/proto';
import { parseRequest } from '@app/platform';
import { ReceiptsService } from './receipts.service';

// Receipt PDFs (GET /{account_id}/receipts/<kind>/<id>.pdf on the gateway).
@Controller()
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @MessagePattern(subject('tickets.receipt.pdf'))
  pdf(@Payload() req: unknown) {
    return this.receipts.pdf(parseRequest(ReceiptPdfRequest, req));
  }
}
