import { AppError, DocOp, errors, isKlass, Klass, klassOfId, serviceOfKlass, ServiceName } from '@app/proto';

// Which service answers a document call (DESIGN "The public API"): the klass named in the selector or body, else the
// prefix of the id, per proto's klass registry; views and update handlers by the design-name table below.

/**
 * The services that are deployed and answer `<service>.doc.*`. A klass owned by a service missing here is answered
 * 503 instead of waiting for a NATS reply that cannot come. Add a service here when it ships.
 */
export const SERVED_SERVICES: ReadonlySet<ServiceName> = new Set<ServiceName>(['identity', 'accounts', 'tickets', 'disk', 'finance', 'reader', 'notes']);

/**
 * Design documents (`_design/<design>/_view/<view>`, `_design/<design>/_update/<handler>/<id>`) → owning service.
 * A key is `<design>` (every view or handler of that design) or `<design>/<view or handler>`; the longer key wins.
 * The accounts service's update handlers are named one by one (proto ACCOUNT_UPDATES), so a name it does not have is
 * 404 here.
 */
export const DESIGN_SERVICES: Readonly<Record<string, ServiceName>> = {
  // the usage counters
  'count-by-klass': 'accounts',
  // bookmark one's membership: PUT /{user_id or account_id}/_design/bookmark/_update/{true|false}/{subscription_id}
  'bookmark/true': 'accounts',
  'bookmark/false': 'accounts',
  // accept an invitation: PUT /{account_id}/_design/status/_update/accept/{subscription_id} (isInvitationAccept)
  'status/accept': 'accounts',
  // switch plans: PUT /{account_id}/_design/subscription/_update/{free|cancel}/{account_id}
  'subscription/free': 'accounts',
  'subscription/cancel': 'accounts',
  // the tickets module: counters by priority and status, status changes, checklist ticks
  'count-by-open-ticket-priority': 'tickets',
  'count-by-ticket-priority': 'tickets',
  'count-by-ticket-status': 'tickets',
  'ticket-board': 'tickets',
  'ticket-status': 'tickets',
  'ticket-checklist': 'tickets',
  // the disk: a folder's path, a file's versions, the disk use; trash, restore, restore-version
  disk: 'disk',
  // finance: confirm, unconfirm, import, unimport a money record; the wallets and month views
  money: 'finance',
  finance: 'finance',
  // undo a bank statement's import: PUT /{account_id}/_design/imports/_update/undo/{csv id}
  imports: 'finance',
  // mapping rules: a preview over existing records, and applying one
  mappings: 'finance',
  // the reader: an item's read/star toggles (spec §7), refresh, mark all read, OPML; the unread counts and OPML export
  'status/read': 'reader',
  'status/unread': 'reader',
  'status/star': 'reader',
  'status/unstar': 'reader',
  reader: 'reader',
  // notes: handbooks (by uri, revisions, tags, preview), bookmarks (import, export, refetch), search
  handbooks: 'notes',
  bookmarks: 'notes',
  notes: 'notes',
  // reports (administrators and report_view members): the tickets report and its CSV
  reports: 'tickets',
};

/** `PUT /{account_id}/_design/status/_update/accept/{id}`: accepting an invitation (the invitee has no membership yet). */
export function isInvitationAccept(design: string, handler: string): boolean {
  return design === 'status' && handler === 'accept';
}

export type DocSubject<Op extends DocOp> = `${ServiceName}.doc.${Op}`;

export function docSubjectOf<Op extends DocOp>(service: ServiceName, op: Op): DocSubject<Op> {
  return `${service}.doc.${op}` as DocSubject<Op>;
}

const MAX_SHOWN = 60;
const shown = (value: string) => JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value);

function served(service: ServiceName, deployed: ReadonlySet<ServiceName>): ServiceName {
  if (!deployed.has(service)) throw new AppError('service_unavailable', `The ${service} service is not available yet`);
  return service;
}

export function serviceOfKlassName(klass: unknown, where: string, deployed: ReadonlySet<ServiceName> = SERVED_SERVICES): ServiceName {
  if (typeof klass !== 'string') throw errors.badRequest(`${where} must be the name of a kind of document`);
  if (!isKlass(klass)) throw errors.badRequest(`unknown klass ${shown(klass)} in ${where}`);
  return served(serviceOfKlass(klass), deployed);
}

/** The klass of a document id, from its prefix; 404 when the prefix names no kind of document. */
export function klassOfDocId(id: string): Klass {
  const klass = klassOfId(id);
  if (!klass) throw errors.notFound(`no kind of document has the id ${shown(id)}: ids start with a klass prefix such as ucn-`);
  return klass;
}

export function serviceOfId(id: string, deployed: ReadonlySet<ServiceName> = SERVED_SERVICES): ServiceName {
  return served(serviceOfKlass(klassOfDocId(id)), deployed);
}

/** A find goes to the owner of `selector.klass` (a name, or `{$eq: name}`), else of a string `selector._id`. */
export function serviceOfSelector(selector: Record<string, unknown>, deployed: ReadonlySet<ServiceName> = SERVED_SERVICES): ServiceName {
  let klass = selector.klass;
  if (klass && typeof klass === 'object' && !Array.isArray(klass) && Object.keys(klass).length === 1 && '$eq' in klass) {
    klass = (klass as { $eq: unknown }).$eq;
  }
  if (klass !== undefined) return serviceOfKlassName(klass, 'selector.klass', deployed);
  if (typeof selector._id === 'string') return serviceOfId(selector._id, deployed);
  throw errors.badRequest('selector.klass is required: it names the kind of document to find');
}

/** A create goes to the owner of `body.klass`, else of the prefix of `body._id`. */
export function serviceOfNewDoc(doc: Record<string, unknown>): ServiceName {
  if (doc.klass !== undefined) return serviceOfKlassName(doc.klass, 'klass');
  if (typeof doc._id === 'string') return serviceOfId(doc._id);
  throw errors.badRequest('klass is required: it names the kind of document to create');
}

export function serviceOfDesign(
  design: string,
  name: string,
  table: Readonly<Record<string, ServiceName>> = DESIGN_SERVICES,
  deployed: ReadonlySet<ServiceName> = SERVED_SERVICES,
): ServiceName {
  const own = (key: string) => (Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined);
  const service = own(`${design}/${name}`) ?? own(design);
  if (!service) throw errors.notFound(`design document ${shown(design)} has no ${shown(name)}`);
  return served(service, deployed);
}
