import { Module } from '@nestjs/common';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsService } from './receipts.service';

/** The receipt PDFs of the tickets module (tickets.receipt.pdf); imported by TicketsModule, whose store it reads. */
@Module({
  controllers: [ReceiptsController],
  providers: [ReceiptsService],
})
export class ReceiptsModule {}
