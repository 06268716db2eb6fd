import { z } from 'zod';
import { FIELD_MESSAGES as M } from './errors';

// The tickets module's documents (spec §3 Ticket…Maintenance, §4 ticket status/priority/kind, §9 title rule): the
// fields a client may send for each klass, validated the same way by the tickets service and the web forms. Fields
// the server sets (number, label, search, status_events, …) are not part of these schemas: the service ignores them
// when a client sends them. Pure functions only (no I/O, no dependencies beyond zod) so the web can use them too.

// ---- enums (spec §4) --------------------------------------------------------------------------------------------

export const TICKET_STATUSES = ['open', 'block', 'doing', 'review', 'done', 'cancel'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** "open" in the counters: still to be worked on (not done, not cancelled) */
export const OPEN_TICKET_STATUSES = ['open', 'block', 'doing', 'review'] as const satisfies readonly TicketStatus[];
export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/**
 * A ticket's `priority_rank` (set by the service): sorting by `priority` itself is by the text (high, low, medium);
 * `sort: [{priority_rank: 'desc'}]` puts high first.
 */
export const PRIORITY_RANK: Record<TicketPriority, number> = { low: 1, medium: 2, high: 3 };
export const TICKET_KINDS = ['chore', 'bug', 'story'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

export function isTicketStatus(s: unknown): s is TicketStatus {
  return typeof s === 'string' && (TICKET_STATUSES as readonly string[]).includes(s);
}

// ---- views and update handlers (`_design/<design>/_view/<view>`, `_design/<design>/_update/<handler>/<id>`) ------

/**
 * The keys of the priority counters' rows (views count-by-open-ticket-priority and count-by-ticket-priority, group_level
 * 1), as spec §3 names the open-ticket counter keys.
 */
export const TICKET_PRIORITY_COUNTER_KEYS = { high: 'TicketHigh', medium: 'TicketMedium', low: 'TicketLow' } as const;
export type TicketPriorityCounterKey = (typeof TICKET_PRIORITY_COUNTER_KEYS)[TicketPriority];

export const TICKET_VIEWS = {
  /**
   * tickets not done/cancelled: group_level 0 → [{key: null, value}], 1 → one row per priority, high first:
   * `{key: 'TicketHigh' | 'TicketMedium' | 'TicketLow', value: count}` (TICKET_PRIORITY_COUNTER_KEYS)
   */
  openByPriority: 'count-by-open-ticket-priority',
  /** every live ticket, by priority (the same keys) */
  byPriority: 'count-by-ticket-priority',
  /** every live ticket, by status (group_level 1: all six statuses) */
  byStatus: 'count-by-ticket-status',
  /**
   * the ticket board in one request: one row per status (board order) `{key: status, value: {cards, more}}`, each
   * column's newest `limit` tickets (default 20, at most 100) with the card fields only (BOARD_CARD_FIELDS)
   */
  board: 'ticket-board',
} as const;
/** what a board card shows of a ticket (its status is its column's key; a move needs no rev: the ticket-status handler) */
export const BOARD_CARD_FIELDS = ['_id', 'number', 'title', 'priority', 'customer_name', 'equipment_identifier', 'technical_id'] as const;
/** A card: the BOARD_CARD_FIELDS a ticket has (absent ones are left out). */
export type BoardCard = { _id: string; number: number; title?: string; priority?: TicketPriority; customer_name?: string; equipment_identifier?: string; technical_id?: string };
/** The value of a `ticket-board` row (its key is the status): the column's newest cards, and whether it has more. */
export interface BoardColumn {
  cards: BoardCard[];
  more: boolean;
}
export const BOARD_DEFAULT_LIMIT = 20;
export const BOARD_MAX_LIMIT = 100;
/** every tickets view is named `all` inside its design document */
export const TICKET_VIEW_NAME = 'all';
export const TICKET_UPDATES = {
  /** `_design/ticket-status/_update/<status>/<ticket_id>` */
  status: 'ticket-status',
  /** `_design/ticket-checklist/_update/toggle/<ticket_id>` body {index, checked} */
  checklist: 'ticket-checklist',
} as const;
export const CHECKLIST_TOGGLE = 'toggle';

/** Field message keys of spec §5 used by the tickets module beyond FIELD_MESSAGES (web i18n: `validation.<key>`). */
export const TICKET_MESSAGES = {
  mustExist: 'must-exist',
  notANumber: 'is-not-a-number',
  mustBeInteger: 'must-be-an-integer',
  mustBeAtLeastZero: 'must-be-greater-than-or-equal-to-0',
  notInList: 'not-in-the-list-of-allowed-values',
} as const;

// ---- rules ------------------------------------------------------------------------------------------------------

export const TICKET_TITLE_MAX = 60;

/** Spec §9: a blank title is the first non-empty line of the reported problem, cut to 60 characters. */
export function ticketTitle(content: unknown): string {
  if (typeof content !== 'string') return '';
  const line = content.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  return Array.from(line.trim()).slice(0, TICKET_TITLE_MAX).join('');
}

/** The dashboard timeline's text for a ticket: "#<number> <title>". */
export function ticketLabel(number: number, title: string): string {
  return `#${number} ${title}`.trim();
}

/** The checklist a category gives a new ticket: one item per non-empty line. */
export function checklistLines(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** Digits of a CPF/CNPJ written with or without its punctuation (dots, dash, slash, blanks); null if other characters. */
export function documentDigits(value: string): string | null {
  const stripped = value.replace(/[.\-/\s]/g, '');
  return /^\d+$/.test(stripped) ? stripped : null;
}

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((s, d, i) => s + d * weights[i], 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A Brazilian CPF (11 digits, punctuation allowed) whose two check digits are right and whose digits are not all equal. */
export function isValidCpf(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const s = documentDigits(value);
  if (!s || s.length !== 11 || /^(\d)\1+$/.test(s)) return false;
  const d = Array.from(s, Number);
  const first = checkDigit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[9] === first && d[10] === second;
}

/** A Brazilian CNPJ (14 digits, punctuation allowed) whose two check digits are right and whose digits are not all equal. */
export function isValidCnpj(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const s = documentDigits(value);
  if (!s || s.length !== 14 || /^(\d)\1+$/.test(s)) return false;
  const d = Array.from(s, Number);
  const first = checkDigit(d.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[12] === first && d[13] === second;
}

/** YYYY-MM-DD that is a real calendar date. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** `date` + `days` as YYYY-MM-DD (maintenance warranty_ends_at). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Σ quantity × value of estimate items, rounded to 2 decimals. */
export function estimateTotal(items: ReadonlyArray<{ quantity?: number | null; value?: number | null }> | null | undefined): number {
  const cents = (items ?? []).reduce((sum, i) => sum + (i.quantity ?? 0) * (i.value ?? 0) * 100, 0);
  return Math.round(cents) / 100;
}

// ---- field schemas (what a client sends; unknown fields are dropped) ---------------------------------------------

const blankOrInvalid = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? M.blank : M.invalid);
const text = (max = 2000) => z.string({ error: M.invalid }).max(max, { error: M.tooLong });
const optText = (max = 2000) => text(max).nullish();
const required = (max = 2000) => z.string({ error: blankOrInvalid }).trim().min(1, { error: M.blank }).max(max, { error: M.tooLong });
const longText = () => text(100_000);
const optLongText = () => longText().nullish();
/** a document id (whether it exists in the account is the service's check: 'must-exist') */
const ref = () =>
  z
    .string({ error: M.invalid })
    .max(200, { error: M.tooLong })
    .nullish()
    .transform((v) => (v === '' ? null : v));
const date = () =>
  z
    .string({ error: M.invalid })
    .refine((v) => v === '' || isIsoDate(v), { error: M.invalid })
    .nullish()
    .transform((v) => (v === '' ? null : v));
const bool = () => z.boolean({ error: M.invalid }).nullish();
const nonNegative = () =>
  z
    .number({ error: TICKET_MESSAGES.notANumber })
    .refine(Number.isFinite, { error: TICKET_MESSAGES.notANumber })
    .refine((n) => n >= 0, { error: TICKET_MESSAGES.mustBeAtLeastZero });
/** a client may name the id of a new document (with the klass's prefix; the store checks it) */
const id = () => z.string().optional();

/** cpf/cnpj: '' and null mean none; otherwise valid check digits, stored as digits only. */
function brazilianDocument(valid: (v: string) => boolean) {
  return z
    .string({ error: M.invalid })
    .nullish()
    .refine((v) => v === null || v === undefined || v.trim() === '' || valid(v), { error: M.invalid })
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : documentDigits(v)));
}

export const CustomerFields = z.object({
  _id: id(),
  name: required(200),
  short_name: optText(100),
  email: z
    .string({ error: M.invalid })
    .trim()
    .max(254, { error: M.tooLong })
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+$/.test(v), { error: M.invalid })
    .nullish(),
  site: optText(500),
  born_at: date(),
  gender: optText(50),
  ocupation: optText(200),
  job_title: optText(200),
  company_name: optText(200),
  cpf: brazilianDocument(isValidCpf),
  cnpj: brazilianDocument(isValidCnpj),
  document: optText(100),
  document_at: date(),
  document_local: optText(200),
  document_service: optText(200),
  municipal_registration: optText(100),
  state_registration: optText(100),
});
export type CustomerFields = z.infer<typeof CustomerFields>;

export const EquipmentFields = z.object({
  _id: id(),
  identifier: required(200),
  description: optLongText(),
  maker: optText(200),
  customer_id: ref(),
  location: optText(500),
});
export type EquipmentFields = z.infer<typeof EquipmentFields>;

export const CSS_HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const CategoryFields = z.object({
  _id: id(),
  name: required(200),
  color: z.string({ error: M.invalid }).regex(CSS_HEX_COLOR, { error: M.invalid }).nullish(),
  active: z.boolean({ error: M.invalid }).nullish().transform((v) => v ?? true),
  checklist: optLongText(),
});
export type CategoryFields = z.infer<typeof CategoryFields>;

export const TicketFields = z.object({
  _id: id(),
  title: optText(200),
  content: z.string({ error: blankOrInvalid }).max(100_000, { error: M.tooLong }).refine((s) => s.trim() !== '', { error: M.blank }),
  problem: optLongText(),
  priority: z.enum(TICKET_PRIORITIES, { error: TICKET_MESSAGES.notInList }).nullish().transform((v) => v ?? 'medium'),
  ticket_kind: z.enum(TICKET_KINDS, { error: TICKET_MESSAGES.notInList }).nullish().transform((v) => v ?? 'chore'),
  status: z.enum(TICKET_STATUSES, { error: TICKET_MESSAGES.notInList }).nullish().transform((v) => v ?? 'open'),
  estimation: optText(200),
  category_id: ref(),
  customer_id: ref(),
  contract_id: ref(),
  equipment_id: ref(),
  equipment_observation: optLongText(),
  reviewer_id: ref(),
  technical_id: ref(),
  relate_equipment_to_customer: bool(),
});
export type TicketFields = z.infer<typeof TicketFields>;

/** One item of a ticket's checklist (set by the service). */
export interface ChecklistItem {
  text: string;
  checked: boolean;
}

/** One entry of a ticket's status history (set by the service). */
export interface StatusEvent {
  status: TicketStatus;
  /** the previous status; null on creation */
  from: TicketStatus | null;
  user_id: string | null;
  user_label: string | null;
  at: string;
}

export const ChecklistToggle = z.object({
  index: z.number({ error: M.invalid }).int({ error: M.invalid }).min(0, { error: M.invalid }),
  checked: z.boolean({ error: M.invalid }),
});
export type ChecklistToggle = z.infer<typeof ChecklistToggle>;

export const CommentFields = z.object({
  _id: id(),
  ticket_id: z.string({ error: blankOrInvalid }).min(1, { error: M.blank }).max(200, { error: M.tooLong }),
  content: required(100_000),
  /** ISO date-time; the server puts now when absent */
  date: z
    .string({ error: M.invalid })
    .refine((s) => !Number.isNaN(Date.parse(s)), { error: M.invalid })
    .nullish(),
});
export type CommentFields = z.infer<typeof CommentFields>;

export const ContractItemFields = z.object({
  content: optText(2000),
  number: z.union([z.string().max(100, { error: M.tooLong }), z.number()], { error: M.invalid }).nullish(),
});

export const ContractFields = z.object({
  _id: id(),
  active: z.boolean({ error: M.invalid }).nullish().transform((v) => v ?? true),
  customer_id: ref(),
  description: optLongText(),
  payment_kind: optText(200),
  items: z.array(ContractItemFields, { error: M.invalid }).max(500, { error: M.tooLong }).nullish(),
});
export type ContractFields = z.infer<typeof ContractFields>;

/** A contract item as a document of its own (cti-); contracts usually carry their items in `items`. */
export const ContractItemDocFields = ContractItemFields.extend({ _id: id(), contract_id: ref() });

export const EstimateItemFields = z.object({
  description: optText(2000),
  quantity: nonNegative(),
  value: nonNegative(),
});

export const EstimateFields = z.object({
  _id: id(),
  description: optLongText(),
  customer_id: ref(),
  observation: optLongText(),
  ticket_id: ref(),
  items: z.array(EstimateItemFields, { error: M.invalid }).max(500, { error: M.tooLong }).nullish(),
});
export type EstimateFields = z.infer<typeof EstimateFields>;

export const MaintenanceFields = z.object({
  _id: id(),
  date: date(),
  next_maintenance: date(),
  category_id: ref(),
  equipment_id: ref(),
  warranty: z
    .number({ error: TICKET_MESSAGES.notANumber })
    .int({ error: TICKET_MESSAGES.mustBeInteger })
    .min(0, { error: TICKET_MESSAGES.mustBeAtLeastZero })
    .max(100_000, { error: M.invalid })
    .nullish(),
  ticket_id: ref(),
});
export type MaintenanceFields = z.infer<typeof MaintenanceFields>;
