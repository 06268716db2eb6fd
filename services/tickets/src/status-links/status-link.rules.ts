import { createHash, createHmac, randomBytes, timingSafeEqual } from 'crypto';
import {
  Doc,
  EstimateAnswer,
  EstimateDecision,
  isTicketStatus,
  STATUS_FORM_TTL_SECONDS,
  STATUS_LINK_TOKEN_BYTES,
  STATUS_NOTE_MAX,
  STATUS_PAGE_PREFIX,
  StatusPageEstimate,
  StatusPageLocale,
  StatusPageView,
  TicketStatus,
} from '@app/proto';
import { estimateModel, ShopHeader, validTimeZone } from '../receipts/receipt-model';

// The rules of a ticket's status link and page (issue 31), without I/O: tokens, the expiry, the answer form's token,
// what the page shows of the stored documents (an allow-list: nothing else reaches the gateway).

/** A new token: 144 random bits, base64url (24 characters); never derived from an id. */
export function newToken(): string {
  return randomBytes(STATUS_LINK_TOKEN_BYTES).toString('base64url');
}

/** What the links table is looked up by: the token's SHA-256 (base64url), so the index never compares the secret itself. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The link named in an answer's record and in logs: a prefix of the token's hash, which tells nothing of the token. */
export function linkFingerprint(hash: string): string {
  return hash.slice(0, 12);
}

/** `<PUBLIC_URL>/s/<token>`. */
export function statusLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${STATUS_PAGE_PREFIX}${token}`;
}

/** The page's language: pt-* is pt-BR, anything else English. */
export function pageLocale(locale: string | null | undefined): StatusPageLocale {
  return locale && /^pt([-_]|$)/i.test(locale) ? 'pt-BR' : 'en';
}

const CLOSED: readonly TicketStatus[] = ['done', 'cancel'];

/**
 * When the ticket was closed (done or cancelled) for the last time, or null while it is open: the `at` of the status
 * change that brought it to its current closed status (a reopened ticket is open again, its link with it).
 */
export function closedAt(ticket: Doc): string | null {
  const status = ticket.status;
  if (!isTicketStatus(status) || !CLOSED.includes(status)) return null;
  const events = Array.isArray(ticket.status_events) ? (ticket.status_events as Array<{ status?: unknown; at?: unknown }>) : [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.status === status && typeof e.at === 'string' && !Number.isNaN(Date.parse(e.at))) return e.at;
  }
  return typeof ticket.updated_at === 'string' ? ticket.updated_at : null;
}

/** When the link of this ticket stops: `days` after it was closed; null while it is open. */
export function expiresAt(ticket: Doc, days: number): string | null {
  const closed = closedAt(ticket);
  return closed ? new Date(Date.parse(closed) + days * 86_400_000).toISOString() : null;
}

export function isExpired(ticket: Doc, days: number, now = Date.now()): boolean {
  const until = expiresAt(ticket, days);
  return until !== null && now >= Date.parse(until);
}

// ---- the answer form's token -------------------------------------------------------------------------------------
//
// No login, so no session to tie a form to: the page gives each pending estimate a token signed with the server's
// secret over the link, the estimate and its revision and the time it was issued. A post must bring it back: it shows
// the post comes from a page of this link that showed this very version of the estimate, not long ago. The link's
// token alone (in the address) is not enough to answer, and an estimate edited since the page was read is refused
// (the customer is shown the new one). Fetch Metadata and Origin are checked by the gateway before.

export type FormCheck = 'ok' | 'bad' | 'stale' | 'changed';

const revNumber = (rev: string) => Number.parseInt(rev.split('-')[0], 10) || 0;

function formSignature(secret: string, hash: string, estimateId: string, rev: string, issued: number): string {
  return createHmac('sha256', secret).update(`status-form\n${hash}\n${estimateId}\n${rev}\n${issued}`).digest('base64url').slice(0, 32);
}

/** `<issued, base 36>.<revision number>.<signature>` */
export function formToken(secret: string, hash: string, estimate: Doc, now = Date.now()): string {
  const issued = Math.floor(now / 1000);
  return `${issued.toString(36)}.${revNumber(estimate._rev)}.${formSignature(secret, hash, estimate._id, estimate._rev, issued)}`;
}

export function checkFormToken(secret: string, hash: string, estimate: Doc, form: string, now = Date.now()): FormCheck {
  const m = /^([0-9a-z]{1,10})\.(\d{1,9})\.([A-Za-z0-9_-]{32})$/.exec(form);
  if (!m) return 'bad';
  const issued = Number.parseInt(m[1], 36);
  if (Number(m[2]) !== revNumber(estimate._rev)) return 'changed';
  const expected = Buffer.from(formSignature(secret, hash, estimate._id, estimate._rev, issued));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
  const age = Math.floor(now / 1000) - issued;
  if (age < -60 || age > STATUS_FORM_TTL_SECONDS) return 'stale';
  return 'ok';
}

/**
 * The customer's note: trimmed, control characters but line breaks dropped, '' is none; null when longer than
 * STATUS_NOTE_MAX characters (the caller refuses it).
 */
export function cleanNote(note: string): { ok: true; note: string | null } | { ok: false } {
  // eslint-disable-next-line no-control-regex
  const clean = note.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '').trim();
  if ([...clean].length > STATUS_NOTE_MAX) return { ok: false };
  return { ok: true, note: clean === '' ? null : clean };
}

// ---- what the documents record -----------------------------------------------------------------------------------

export function answerOf(decision: EstimateDecision, note: string | null, hash: string, ip: string | null, at = new Date().toISOString()): EstimateAnswer {
  return { decision, note, at, via: 'status-link', link: linkFingerprint(hash), ip };
}

/** The estimate's fields the customer answers for: an edit of any of them asks the customer again. */
export const ANSWERED_FIELDS = ['description', 'items', 'observation', 'ticket_id'] as const;

/** A field's value as the customer reads it: blank text is none, items by description, quantity and value. */
function shown(v: unknown): string {
  if (Array.isArray(v)) return JSON.stringify(v.map((i: Record<string, unknown> | null) => [str(i?.description), Number(i?.quantity ?? 0), Number(i?.value ?? 0)]));
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v.trim() : JSON.stringify(v);
}
const same = (a: unknown, b: unknown) => shown(a) === shown(b);

/**
 * The answer fields an estimate write stores: a new estimate has none; an update keeps the current answer unless it
 * changes what was answered, which moves the answer to past_answers (the estimate is pending again).
 */
export function answerAfterWrite(fields: Record<string, unknown>, prev: Doc | null): { customer_answer: EstimateAnswer | null; past_answers: EstimateAnswer[] } {
  const past = (prev && Array.isArray(prev.past_answers) ? prev.past_answers : []) as EstimateAnswer[];
  const current = (prev?.customer_answer ?? null) as EstimateAnswer | null;
  if (!prev || !current) return { customer_answer: null, past_answers: past };
  const changed = ANSWERED_FIELDS.some((f) => !same(fields[f], prev[f]));
  return changed ? { customer_answer: null, past_answers: [...past, current] } : { customer_answer: current, past_answers: past };
}

// ---- the page ----------------------------------------------------------------------------------------------------

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export interface PageInput {
  ticket: Doc;
  equipment: Doc | null;
  estimates: Doc[];
  shop: ShopHeader;
  locale: StatusPageLocale;
  timeZone: string;
  daysAfterDone: number;
  /** the form token of a pending estimate */
  form: (estimate: Doc) => string;
}

/** The equipment as the page names it: identifier, maker and description, as the receipt prints them. */
export function equipmentLine(ticket: Doc, equipment: Doc | null): string | null {
  const parts = equipment ? [str(equipment.identifier), str(equipment.maker), str(equipment.description)] : [str(ticket.equipment_identifier)];
  const line = parts.filter(Boolean).join(' · ');
  return line || null;
}

/** The page's view of the stored documents: only what issue 31 lists (no comments, people, other tickets, internal fields). */
export function pageView(input: PageInput): StatusPageView {
  const { ticket } = input;
  const events = (Array.isArray(ticket.status_events) ? (ticket.status_events as Array<{ status?: unknown; at?: unknown }>) : [])
    .filter((e) => isTicketStatus(e.status) && typeof e.at === 'string')
    .map((e) => ({ status: e.status as TicketStatus, at: e.at as string }));
  return {
    locale: input.locale,
    time_zone: validTimeZone(input.timeZone),
    shop: { name: input.shop.name, phones: input.shop.phones, addresses: input.shop.addresses },
    ticket: {
      number: Number(ticket.number),
      title: str(ticket.title),
      equipment: equipmentLine(ticket, input.equipment),
      status: isTicketStatus(ticket.status) ? ticket.status : 'open',
      created_at: String(ticket.created_at ?? ''),
      events,
    },
    estimates: input.estimates.map((e) => estimateView(e, input)),
    expires_at: expiresAt(ticket, input.daysAfterDone),
    days_after_done: input.daysAfterDone,
  };
}

function estimateView(estimate: Doc, input: PageInput): StatusPageEstimate {
  const model = estimateModel(estimate, { customer: null, ticket: null }, input.shop, { locale: input.locale, timeZone: input.timeZone });
  const answer = (estimate.customer_answer ?? null) as EstimateAnswer | null;
  return {
    number: Number(estimate.number),
    description: model.description,
    items: model.items.map((i) => ({ description: i.description, quantity: i.quantity, unit_value: i.unitValue, amount: i.amount })),
    total: model.total,
    answer: answer ? { decision: answer.decision, at: answer.at, note: answer.note } : null,
    form: answer ? null : input.form(estimate),
  };
}
