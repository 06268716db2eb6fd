import { Injectable, Logger } from '@nestjs/common';
import { CallerContext, Calls, CHECKLIST_TOGGLE, Doc, FindReply, MAX_FIND_LIMIT, TICKET_STATUSES, TICKET_UPDATES, ViewReply, WriteReply } from '@app/proto';
import { DEFAULT_FIND_LIMIT, DocumentProtocol, DocumentStore, parseFields, project, projectFields, retryOnConflict, UpdateHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { fieldsOf } from '../common/fields';
import { personFieldsNamed, presentPeople, showsSameAt } from '../common/people-labels.rules';
import { References } from '../common/references';
import { CategoryPolicy } from '../records/category.policy';
import { ContractItemPolicy, ContractPolicy } from '../records/contract.policy';
import { CustomerPolicy } from '../records/customer.policy';
import { EquipmentPolicy } from '../records/equipment.policy';
import { EstimatePolicy } from '../records/estimate.policy';
import { MaintenancePolicy } from '../records/maintenance.policy';
import { CommentPolicy } from '../tickets/comment.policy';
import { TicketPolicy } from '../tickets/ticket.policy';
import { checklistToggleHandler, statusHandler } from '../tickets/ticket-updates';
import { ticketViews } from '../tickets/ticket-views';
import { TicketsRepository } from '../tickets/tickets.repository';
import { ReportsService } from '../reports/reports.service';

type Req<K extends keyof Calls> = Calls[K]['req'];

const logger = new Logger('tickets-documents');

/**
 * tickets.doc.*: the document protocol for the tickets module's klasses, with a policy per klass, the ticket counters
 * (views) and the ticket update handlers. Only groups hold these documents (`/{account_id}/…`; 403 elsewhere).
 * Every document answered, written ones included, goes through presentPeople: no person label shows an address.
 */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(
    private readonly store: DocumentStore,
    refs: References,
    tickets: TicketsRepository,
    reports: ReportsService,
  ) {
    const updates: Record<string, UpdateHandler> = { [`${TICKET_UPDATES.checklist}/${CHECKLIST_TOGGLE}`]: checklistToggleHandler(store) };
    for (const status of TICKET_STATUSES) updates[`${TICKET_UPDATES.status}/${status}`] = statusHandler(store, status);
    this.protocol = new DocumentProtocol(
      store,
      'tickets',
      {
        Ticket: new TicketPolicy(refs),
        Comment: new CommentPolicy(refs),
        Customer: new CustomerPolicy(),
        Equipment: new EquipmentPolicy(refs),
        Category: new CategoryPolicy(),
        Contract: new ContractPolicy(refs),
        ContractItem: new ContractItemPolicy(refs),
        Estimate: new EstimatePolicy(refs),
        Maintenance: new MaintenancePolicy(refs),
      },
      { ...ticketViews(tickets), ...reports.views() },
      updates,
    );
  }

  async get(req: Req<'tickets.doc.get'>): Promise<Doc> {
    accountDb(req.ctx);
    // whole, then projected: a projection must not keep a label from being masked
    return project(presentPeople(await this.protocol.get({ ...req, fields: undefined })), req.fields);
  }

  /**
   * A find answered with the person labels masked. When its selector or sort looks at a person label, it keeps only
   * the documents shown unchanged there, with skip and limit applied afterwards (over the first MAX_FIND_LIMIT
   * matches), so a label stored with an address cannot be probed for (`user.label: {$regex: '^bo'}`) nor sorted by.
   */
  async find(req: Req<'tickets.doc.find'>): Promise<FindReply> {
    accountDb(req.ctx);
    const named = personFieldsNamed(req.query);
    const fields = parseFields(req.query.fields); // checked before the query, as the protocol does
    if (!named.length) {
      const { docs } = await this.protocol.find({ ...req, query: { ...req.query, fields: undefined } });
      return { docs: docs.map((d) => projectFields(presentPeople(d), fields)) };
    }
    const skip = req.query.skip ?? 0;
    const limit = req.query.limit ?? DEFAULT_FIND_LIMIT;
    const { docs } = await this.protocol.find({ ...req, query: { ...req.query, fields: undefined, skip: 0, limit: MAX_FIND_LIMIT } });
    const kept: Doc[] = [];
    for (const doc of docs) {
      const answered = presentPeople(doc);
      if (showsSameAt(doc, answered, named)) kept.push(answered);
    }
    return { docs: kept.slice(skip, skip + limit).map((d) => projectFields(d, fields)) };
  }

  async post(req: Req<'tickets.doc.post'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return shown(await this.afterWrite(req.ctx, await this.protocol.post(req)));
  }

  async put(req: Req<'tickets.doc.put'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return shown(await this.afterWrite(req.ctx, await this.protocol.put(req)));
  }

  delete(req: Req<'tickets.doc.delete'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.delete(req);
  }

  view(req: Req<'tickets.doc.view'>): Promise<ViewReply> {
    accountDb(req.ctx);
    return this.protocol.view(req);
  }

  async update(req: Req<'tickets.doc.update'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return shown(await this.protocol.update(req));
  }

  /**
   * A ticket written with relate_equipment_to_customer and both a customer and an equipment: the equipment now
   * belongs to that customer. Done after the ticket is stored (a refused ticket changes nothing); if it fails, the
   * ticket stays written and the error is logged.
   */
  private async afterWrite(ctx: CallerContext, reply: WriteReply): Promise<WriteReply> {
    const t = reply.doc;
    if (!t || t.klass !== 'Ticket' || t.relate_equipment_to_customer !== true || !t.customer_id || !t.equipment_id) return reply;
    const db = accountDb(ctx);
    try {
      await retryOnConflict(async () => {
        const equipment = await this.store.get(db, String(t.equipment_id));
        if (!equipment || equipment.customer_id === t.customer_id) return;
        const fields = { ...fieldsOf(equipment), customer_id: t.customer_id, customer_name: t.customer_name ?? null };
        await this.store.update(db, equipment._id, equipment._rev, fields, ctx.user_id);
      }, 5);
    } catch (err) {
      logger.error(`relating equipment ${String(t.equipment_id)} to customer ${String(t.customer_id)}: ${err instanceof Error ? err.message : String(err)}`);
    }
    return reply;
  }
}

/** A write's answer carries the written document as answered to anyone (presentPeople). */
function shown(reply: WriteReply): WriteReply {
  return reply.doc ? { ...reply, doc: presentPeople(reply.doc as Doc) } : reply;
}
