import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CallerContext, Doc, errors, Klass, klassOfId, ReceiptPdfReply, ReceiptPdfRequest } from '@app/proto';
import { DocumentStore, RpcClient } from '@app/platform';
import { RPC_CLIENT } from '../common/tokens';
import { StatusLinksService } from '../status-links/status-links.service';
import { receiptLocale } from './receipt-i18n';
import { contractReceipt, estimateModel, FormatOptions, ReceiptModel, receiptFilename, serviceReceipt, shopOf, ShopHeader } from './receipt-model';
import { renderReceipt } from './receipt-pdf';

/** The configuration keys a receipt prints. */
const RECEIPT_KEYS = ['phones', 'addresses', 'receipt-configuration', 'estimate-observation', 'contract-receipt'];

export const NO_CONTRACT = 'This ticket has no contract';

/**
 * tickets.receipt.pdf: reads the ticket or estimate and what it points at from the tickets store, the shop's name and
 * configuration from the accounts service (with the caller's context, so the same membership rules apply), builds the
 * receipt model and renders the PDF.
 */
@Injectable()
export class ReceiptsService {
  private store?: DocumentStore;
  private rpc?: RpcClient;
  private links?: StatusLinksService;

  // The store and the RPC client are the tickets module's own (one pool, one connection); ReceiptsModule is imported
  // by it and cannot inject its providers, so they are looked up in the application on first use.
  constructor(private readonly modules: ModuleRef) {}

  async pdf(req: ReceiptPdfRequest): Promise<ReceiptPdfReply> {
    const db = accountOf(req.ctx);
    const model = await this.model(db, req);
    const pdf = await renderReceipt(model);
    return { filename: receiptFilename(model), content_type: 'application/pdf', data: pdf.toString('base64') };
  }

  /** What the PDF of a request is drawn from. */
  async model(db: string, req: ReceiptPdfRequest): Promise<ReceiptModel> {
    const opts: FormatOptions = { locale: receiptLocale(req.ctx.locale), timeZone: req.time_zone };
    if (req.kind === 'estimate') {
      const estimate = await this.read(db, req.id, 'Estimate');
      const [customer, ticket, shop] = await Promise.all([
        this.related(db, estimate.customer_id, 'Customer'),
        this.related(db, estimate.ticket_id, 'Ticket'),
        this.shop(req.ctx),
      ]);
      return estimateModel(estimate, { customer, ticket }, shop, opts);
    }
    const ticket = await this.read(db, req.id, 'Ticket');
    if (req.kind === 'service') {
      const [customer, equipment, shop, statusLink] = await Promise.all([
        this.related(db, ticket.customer_id, 'Customer'),
        this.related(db, ticket.equipment_id, 'Equipment'),
        this.shop(req.ctx),
        // the ticket's status page on both copies (made the first time a receipt or the ticket page asks for it)
        this.deps().links.receiptLink(req.ctx, ticket, req.time_zone),
      ]);
      return serviceReceipt(ticket, { customer, equipment }, shop, opts, statusLink);
    }
    const [contract, shop] = await Promise.all([this.related(db, ticket.contract_id, 'Contract'), this.shop(req.ctx)]);
    // on-demand (the default): only tickets with a contract have one; always: a blank contract form otherwise
    if (!contract && shop.contractReceipt !== 'always') throw errors.notFound(NO_CONTRACT);
    const customer = await this.related(db, contract?.customer_id ?? ticket.customer_id, 'Customer');
    return contractReceipt(ticket, { customer, contract }, shop, opts);
  }

  private deps(): { store: DocumentStore; rpc: RpcClient; links: StatusLinksService } {
    this.store ??= this.modules.get(DocumentStore, { strict: false });
    this.rpc ??= this.modules.get<RpcClient>(RPC_CLIENT, { strict: false });
    this.links ??= this.modules.get(StatusLinksService, { strict: false });
    return { store: this.store!, rpc: this.rpc!, links: this.links! };
  }

  /** The document asked for: 404 when it is missing, deleted or of another klass. */
  private async read(db: string, id: string, klass: Klass): Promise<Doc> {
    if (klassOfId(id) !== klass) throw errors.notFound();
    const doc = await this.deps().store.get(db, id);
    if (!doc || doc.klass !== klass) throw errors.notFound();
    return doc;
  }

  /** A document a receipt points at; null when unset, gone or of another klass (the receipt prints without it). */
  private async related(db: string, id: unknown, klass: Klass): Promise<Doc | null> {
    if (typeof id !== 'string' || klassOfId(id) !== klass) return null;
    const doc = await this.deps().store.get(db, id);
    return doc && doc.klass === klass ? doc : null;
  }

  private async shop(ctx: CallerContext): Promise<ShopHeader & { contractReceipt: string }> {
    const { rpc } = this.deps();
    const [account, configs] = await Promise.all([
      rpc.call('accounts.account.get', { ctx, fields: ['name'] }),
      rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'AccountConfiguration', key: { $in: RECEIPT_KEYS } }, limit: 50 } }),
    ]);
    const contractReceipt = configs.docs.find((d) => d.key === 'contract-receipt')?.value;
    return { ...shopOf(account.name, configs.docs), contractReceipt: contractReceipt === 'always' ? 'always' : 'on-demand' };
  }
}

/** Receipts belong to a group's records: a signed-in caller addressing an account (acc-…). */
function accountOf(ctx: CallerContext): string {
  if (!ctx.user_id) throw errors.unauthorized();
  if (!ctx.db || !ctx.db.startsWith('acc-')) throw errors.forbidden();
  return ctx.db;
}
