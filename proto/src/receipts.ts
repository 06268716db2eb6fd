import { z } from 'zod';
import { CallerContext } from './context';

// Receipt PDFs of the tickets module (spec §2 ticket-related screens): `GET /{account_id}/receipts/<kind>/<id>.pdf`
// on the gateway, built by the tickets service (`tickets.receipt.pdf`).

/** service: the 2-copy ticket receipt; contract: the ticket's contract receipt; estimate: the printable estimate. */
export const RECEIPT_KINDS = ['service', 'contract', 'estimate'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const ReceiptPdfRequest = z.object({
  ctx: CallerContext,
  kind: z.enum(RECEIPT_KINDS),
  /** a ticket id (tkt-…) for service and contract, an estimate id (est-…) for estimate */
  id: z.string().min(1).max(200),
  /** IANA time zone the dates are printed in (the browser's); UTC when absent or unknown */
  time_zone: z.string().max(100).optional(),
});
export type ReceiptPdfRequest = z.infer<typeof ReceiptPdfRequest>;

export interface ReceiptPdfReply {
  /** e.g. `ticket-42-receipt.pdf` */
  filename: string;
  content_type: 'application/pdf';
  /** the PDF, base64 (receipts are a few kB) */
  data: string;
}
