import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'crypto';
import {
  CallerContext,
  CustomerEvent,
  Doc,
  EstimateAnswer,
  errors,
  klassOfId,
  STATUS_LINK_DAYS_AFTER_DONE,
  STATUS_LINK_TOKEN,
  STATUS_PAGE_REASONS as R,
  StatusLinkReply,
  StatusLinkRequest,
  StatusPageReply,
  StatusPageLocale,
  StatusPageRequest,
  StatusPageView,
} from '@app/proto';
import { AppConfig, DocumentStore, internalSecret, MailQueue, requireWrite, RpcClient } from '@app/platform';
import { accountDb } from '../common/caller';
import { fieldsOf } from '../common/fields';
import { APP_CONFIG, RPC_CLIENT } from '../common/tokens';
import { formatMoney, shopOf, ShopHeader, validTimeZone } from '../receipts/receipt-model';
import { qrPath, qrRuns, QrRuns } from './qr';
import {
  answerOf,
  checkFormToken,
  cleanNote,
  expiresAt,
  formToken,
  isExpired,
  linkFingerprint,
  newToken,
  pageLocale,
  pageView,
  statusLinkUrl,
  tokenHash,
} from './status-link.rules';
import { FoundLink, NewLink, StatusLinkRow, StatusLinksRepository } from './status-links.repository';

const logger = new Logger('status-links');

/** The configuration keys the page shows. */
const SHOP_KEYS = ['phones', 'addresses'];

/** Days a link works after its ticket is closed: STATUS_LINK_DAYS_AFTER_DONE (a non-negative number), else 30. */
export function daysAfterDone(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.STATUS_LINK_DAYS_AFTER_DONE;
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : STATUS_LINK_DAYS_AFTER_DONE;
}

/** The context of a call the service makes for a link: the group, on behalf of the member who made the link. */
function linkContext(accountId: string, userId: string | null): CallerContext {
  return { user_id: userId ?? 'usr-status-page', db: accountId, roles: [], admin: false, token: null, request_id: `status-page-${randomUUID()}`, route_name: 'status-page' };
}

/** A user's own context, for reading the user's address and language to mail them (as accounts does for its mails). */
function selfContext(userId: string): CallerContext {
  return { user_id: userId, db: userId, roles: [userId, 'user'], admin: false, token: null, request_id: `status-page-mail-${randomUUID()}` };
}

/** The link a receipt prints: its address and QR code. */
export interface ReceiptLink {
  url: string;
  qr: QrRuns;
}

/**
 * A ticket's status link (issue 31): the members' side (tickets.status-link: read, renew, revoke, mail) and the
 * customer's page (tickets.status-page: read, answer an estimate). The token is never logged: a link is named by
 * its fingerprint (a prefix of the token's hash).
 */
@Injectable()
export class StatusLinksService {
  private readonly days = daysAfterDone();
  private readonly secret = internalSecret();

  constructor(
    private readonly store: DocumentStore,
    private readonly links: StatusLinksRepository,
    private readonly mail: MailQueue,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- the members' side -----------------------------------------------------------------------------------------

  async link(req: StatusLinkRequest): Promise<StatusLinkReply> {
    const db = accountDb(req.ctx);
    const ticket = await this.liveTicket(db, req.ticket_id);
    const customer = await this.related(db, ticket.customer_id, 'Customer');
    const email = typeof customer?.email === 'string' ? customer.email.trim() : '';
    switch (req.action) {
      case 'read':
        return this.reply(await this.ensure(req.ctx, ticket, req.time_zone), ticket, email);
      case 'renew': {
        this.requireAdmin(req.ctx);
        const row = await this.links.renew(await this.newLink(req.ctx, ticket, req.time_zone));
        logger.log(`status link of ${ticket._id} renewed (${linkFingerprint(row.token_hash)}) by ${req.ctx.user_id}`);
        return this.reply(row, ticket, email);
      }
      case 'revoke': {
        this.requireAdmin(req.ctx);
        const row = await this.links.revoke(await this.newLink(req.ctx, ticket, req.time_zone), req.ctx.user_id);
        logger.log(`status link of ${ticket._id} revoked (${linkFingerprint(row.token_hash)}) by ${req.ctx.user_id}`);
        return this.reply(row, ticket, email);
      }
      case 'mail':
        return this.mailCustomer(req, ticket, customer, email);
    }
  }

  /**
   * The link a service receipt prints: made when the ticket has none yet; null when it was revoked or has expired
   * (a dead link is not printed).
   */
  async receiptLink(ctx: CallerContext, ticket: Doc, timeZone?: string): Promise<ReceiptLink | null> {
    const row = await this.ensure(ctx, ticket, timeZone);
    if (row.revoked_at || isExpired(ticket, this.days)) return null;
    const url = statusLinkUrl(this.config.publicUrl, row.token);
    return { url, qr: qrRuns(url) };
  }

  private async mailCustomer(req: StatusLinkRequest, ticket: Doc, customer: Doc | null, email: string): Promise<StatusLinkReply> {
    requireWrite(req.ctx);
    const row = await this.ensure(req.ctx, ticket, req.time_zone);
    if (row.revoked_at) throw errors.conflict(R.revoked);
    if (!email) throw errors.unprocessable(R.noEmail);
    const shop = await this.shop(req.ctx);
    try {
      await this.mail.send(
        {
          to: email,
          template: 'ticket-status-link',
          locale: row.locale,
          vars: {
            name: typeof customer?.name === 'string' ? customer.name : '',
            group: shop.name,
            link: statusLinkUrl(this.config.publicUrl, row.token),
            ticket: `#${String(ticket.number)} ${String(ticket.title ?? '')}`.trim(),
            days: String(this.days),
          },
        },
        // a second press within the minute sends nothing more
        { oncePer: { key: `${ticket._id}`, seconds: 60 } },
      );
    } catch (err) {
      // the address the customer record holds is not one plain address the queue takes
      if (err instanceof Error && /recipient/.test(err.message)) throw errors.unprocessable(R.noEmail);
      throw err;
    }
    return { ...this.reply(row, ticket, email), mailed_to: email };
  }

  private requireAdmin(ctx: CallerContext): void {
    requireWrite(ctx);
    if (!ctx.admin) throw errors.forbidden('Only administrators can revoke or renew a status link');
  }

  private async ensure(ctx: CallerContext, ticket: Doc, timeZone?: string): Promise<StatusLinkRow> {
    return (await this.links.ofTicket(ctx.db!, ticket._id)) ?? this.links.ensure(await this.newLink(ctx, ticket, timeZone));
  }

  private async newLink(ctx: CallerContext, ticket: Doc, timeZone?: string): Promise<NewLink> {
    const token = newToken();
    return {
      accountId: ctx.db!,
      ticketId: ticket._id,
      token,
      tokenHash: tokenHash(token),
      locale: await this.groupLocale(ctx),
      timeZone: validTimeZone(timeZone),
      createdBy: ctx.user_id,
    };
  }

  /**
   * The group's language, which its page speaks: groups have no language setting, so it is their creator's (the
   * `created-by` setting's user, whose language identity keeps), else the language of the member making the link.
   */
  private async groupLocale(ctx: CallerContext): Promise<string> {
    try {
      const { docs } = await this.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'AccountConfiguration', key: 'created-by' }, limit: 1 } });
      const creator = docs[0]?.value;
      if (typeof creator === 'string' && creator.startsWith('usr-')) {
        if (creator === ctx.user_id && ctx.locale) return pageLocale(ctx.locale);
        const user = await this.rpc.call('identity.user.get', { ctx: selfContext(creator), name: creator, fields: ['locale'] }, { timeoutMs: 5000 });
        if (typeof user.locale === 'string' && user.locale) return pageLocale(user.locale);
      }
    } catch (err) {
      logger.warn(`the language of ${ctx.db}: ${err instanceof Error ? err.message : String(err)}; the member's is used`);
    }
    return pageLocale(ctx.locale);
  }

  private reply(row: StatusLinkRow, ticket: Doc, email: string): StatusLinkReply {
    const url = row.revoked_at ? null : statusLinkUrl(this.config.publicUrl, row.token);
    return {
      ticket_id: ticket._id,
      state: row.revoked_at ? 'revoked' : isExpired(ticket, this.days) ? 'expired' : 'active',
      url,
      qr: url ? qrPath(url) : null,
      created_at: new Date(row.created_at).toISOString(),
      revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
      expires_at: expiresAt(ticket, this.days),
      days_after_done: this.days,
      can_mail: email !== '',
    };
  }

  // ---- the customer's page -----------------------------------------------------------------------------------------

  async page(req: StatusPageRequest): Promise<StatusPageReply> {
    const hash = STATUS_LINK_TOKEN.test(req.token) ? tokenHash(req.token) : null;
    const found = hash ? await this.links.find(hash) : null;
    if (!found || isExpired(found.ticket, this.days)) throw errors.notFound(R.notFound);
    const shop = await this.shop(linkContext(found.account_id, found.created_by));
    if (req.action === 'read') return { view: await this.view(found, shop, req.lang) };

    const db = found.account_id;
    const [estimate] = await this.store.find(db, { selector: { klass: 'Estimate', ticket_id: found.ticket_id, number: req.estimate }, limit: 1 });
    if (!estimate) throw errors.unprocessable(R.noEstimate);
    if (estimate.customer_answer) throw errors.conflict(R.answered);
    const form = checkFormToken(this.secret, found.token_hash, estimate, req.form);
    if (form === 'bad') throw errors.forbidden(R.badForm);
    if (form === 'stale') throw errors.conflict(R.staleForm);
    if (form === 'changed') throw errors.conflict(R.changed);
    const note = cleanNote(req.note);
    if (!note.ok) throw errors.unprocessable(R.noteTooLong);

    const answer = answerOf(req.decision, note.note, found.token_hash, req.ip);
    await this.record(found, estimate, answer);
    logger.log(`estimate ${estimate._id} of ${found.ticket_id} ${answer.decision} through status link ${answer.link}`);
    await this.mailAdmins(found, estimate, answer, shop).catch((err: unknown) => {
      logger.error(`the mail to the administrators of ${db} about estimate ${estimate._id}: ${err instanceof Error ? err.message : String(err)}`);
    });
    const after = await this.links.find(found.token_hash);
    return { view: await this.view(after ?? found, shop, req.lang), answered: answer.decision };
  }

  /**
   * The answer on the estimate and an entry in the ticket's history, in one transaction: an answer recorded in the
   * meantime, an edit of the estimate or a revoke of the link refuses it (nothing is written).
   */
  private async record(found: FoundLink, estimate: Doc, answer: EstimateAnswer): Promise<void> {
    const db = found.account_id;
    const event: CustomerEvent = {
      kind: answer.decision === 'approved' ? 'estimate-approved' : 'estimate-declined',
      estimate_id: estimate._id,
      estimate_number: Number(estimate.number),
      note: answer.note,
      at: answer.at,
    };
    await this.store.inTransaction(async (tx) => {
      if (!(await this.links.find(found.token_hash, tx))) throw errors.notFound(R.notFound);
      await this.store.writeWithin(
        tx,
        db,
        estimate._id,
        'Estimate',
        (current) => {
          if (!current) throw errors.unprocessable(R.noEstimate);
          if (current.customer_answer) throw errors.conflict(R.answered);
          if (current._rev !== estimate._rev) throw errors.conflict(R.changed);
          return { ...fieldsOf(current), customer_answer: answer };
        },
        null,
      );
      await this.store.writeWithin(
        tx,
        db,
        found.ticket_id,
        'Ticket',
        (current) => {
          if (!current) throw errors.notFound(R.notFound);
          const events = Array.isArray(current.customer_events) ? (current.customer_events as CustomerEvent[]) : [];
          return { ...fieldsOf(current), customer_events: [...events, event] };
        },
        null,
      );
    });
  }

  /** Each administrator of the group gets a mail in their own language (read from identity, as accounts' mails do). */
  private async mailAdmins(found: FoundLink, estimate: Doc, answer: EstimateAnswer, shop: ShopHeader): Promise<void> {
    const ctx = linkContext(found.account_id, found.created_by);
    const { admins } = await this.rpc.call('accounts.security.get', { ctx });
    const ticket = found.ticket;
    const total = typeof estimate.total === 'number' ? estimate.total : 0;
    for (const id of admins.roles) {
      const user = await this.rpc.call('identity.user.get', { ctx: selfContext(id), name: id, fields: ['email', 'fullname', 'locale'] }, { timeoutMs: 5000 });
      if (typeof user.email !== 'string' || !user.email) continue;
      const locale = pageLocale(user.locale);
      await this.mail.send({
        to: user.email,
        template: 'estimate-answered',
        locale,
        vars: {
          name: user.fullname ?? '',
          group: shop.name,
          link: `${this.config.publicUrl.replace(/\/+$/, '')}/account/${found.account_id}/tickets/${found.ticket_id}`,
          decision: answer.decision,
          ticket: `#${String(ticket.number)} ${String(ticket.title ?? '')}`.trim(),
          estimate: `#${String(estimate.number)}`,
          total: formatMoney(total, locale),
          note: answer.note ?? '',
        },
      });
    }
  }

  private async view(found: FoundLink, shop: ShopHeader, lang?: StatusPageLocale): Promise<StatusPageView> {
    const db = found.account_id;
    const ticket = found.ticket;
    const [equipment, estimates] = await Promise.all([
      this.related(db, ticket.equipment_id, 'Equipment'),
      this.store.find(db, { selector: { klass: 'Estimate', ticket_id: ticket._id }, sort: [{ number: 'asc' }], limit: 50 }),
    ]);
    return pageView({
      ticket,
      equipment,
      estimates,
      shop,
      locale: lang ?? pageLocale(found.locale),
      timeZone: found.time_zone,
      daysAfterDone: this.days,
      form: (e) => formToken(this.secret, found.token_hash, e),
    });
  }

  // ---- reads ---------------------------------------------------------------------------------------------------------

  private async liveTicket(db: string, id: string): Promise<Doc> {
    const doc = klassOfId(id) === 'Ticket' ? await this.store.get(db, id) : null;
    if (!doc || doc.klass !== 'Ticket') throw errors.notFound();
    return doc;
  }

  private async related(db: string, id: unknown, klass: 'Customer' | 'Equipment'): Promise<Doc | null> {
    if (typeof id !== 'string' || klassOfId(id) !== klass) return null;
    const doc = await this.store.get(db, id);
    return doc && doc.klass === klass ? doc : null;
  }

  /** The shop's name, phones and addresses, from the accounts service. */
  private async shop(ctx: CallerContext): Promise<ShopHeader> {
    const [account, configs] = await Promise.all([
      this.rpc.call('accounts.account.get', { ctx, fields: ['name'] }),
      this.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'AccountConfiguration', key: { $in: SHOP_KEYS } }, limit: 10 } }),
    ]);
    return shopOf(account.name, configs.docs);
  }
}

