import { z } from 'zod';
import { CallerContext } from './context';
import type { TicketStatus } from './tickets';

// The customer's status page of a ticket (issue 31): a link per ticket that needs no login, printed on the receipt as
// a short URL and a QR code, mailed to the customer, where the customer follows the repair and answers a pending
// estimate. The members' side (`tickets.status-link`: read, renew, revoke, mail) and the page's side
// (`tickets.status-page`: read, answer) are two calls of the tickets service; the gateway serves the page
// (`/s/<token>`) and the members' routes (`/{account_id}/tickets/{ticket_id}/status-link…`).

/** The page's path: `<PUBLIC_URL>/s/<token>`. */
export const STATUS_PAGE_PREFIX = '/s/';
export const STATUS_PAGE_LOCALES = ['en', 'pt-BR'] as const;
export type StatusPageLocale = (typeof STATUS_PAGE_LOCALES)[number];

/** Random bytes of a token (144 bits, ≥ 128 asked): 24 base64url characters, no padding. */
export const STATUS_LINK_TOKEN_BYTES = 18;
/** What a token looks like; anything else is not looked up (the same 404 as an unknown one). */
export const STATUS_LINK_TOKEN = /^[A-Za-z0-9_-]{24}$/;
/** Days a link keeps working after its ticket is closed (done or cancelled), unless STATUS_LINK_DAYS_AFTER_DONE says otherwise. */
export const STATUS_LINK_DAYS_AFTER_DONE = 30;
/** The customer's note with an answer, at most. */
export const STATUS_NOTE_MAX = 1000;
/** How long a page's answer form stays good (its form token), seconds. */
export const STATUS_FORM_TTL_SECONDS = 24 * 60 * 60;

// ---- what the documents record ----------------------------------------------------------------------------------

export const ESTIMATE_DECISIONS = ['approved', 'declined'] as const;
export type EstimateDecision = (typeof ESTIMATE_DECISIONS)[number];

/** A customer's answer to an estimate, as the estimate records it (`customer_answer`, set by the service only). */
export type EstimateAnswer = {
  decision: EstimateDecision;
  /** the customer's note, or null */
  note: string | null;
  /** when it was recorded (ISO) */
  at: string;
  /** how it came: the ticket's status link */
  via: 'status-link';
  /** which link: the first 12 characters of the token's SHA-256 (base64url), never the token */
  link: string;
  /** the address the answer came from, as the gateway saw it */
  ip: string | null;
};

/** The server fields of an estimate: the current answer (null: pending) and the answers that an edit superseded. */
export type EstimateAnswerFields = {
  customer_answer?: EstimateAnswer | null;
  past_answers?: EstimateAnswer[];
};

/** An entry of a ticket's history besides its status changes (`customer_events`, set by the service only). */
export type CustomerEvent = {
  kind: 'estimate-approved' | 'estimate-declined';
  estimate_id: string;
  estimate_number: number;
  note: string | null;
  at: string;
};

export type TicketCustomerFields = {
  customer_events?: CustomerEvent[];
};

// ---- the members' side: tickets.status-link ----------------------------------------------------------------------

/**
 * read: the ticket's link, made the first time it is asked for (not after a revoke); renew (administrators): a new
 * token, the old one stops at once; revoke (administrators): the link stops, nothing is made again until a renew;
 * mail: the link mailed to the ticket's customer.
 */
export const STATUS_LINK_ACTIONS = ['read', 'renew', 'revoke', 'mail'] as const;
export type StatusLinkAction = (typeof STATUS_LINK_ACTIONS)[number];

export const StatusLinkRequest = z.object({
  ctx: CallerContext,
  ticket_id: z.string().min(1).max(200),
  action: z.enum(STATUS_LINK_ACTIONS),
  /** the member's IANA time zone: a link made now shows its dates there (default UTC) */
  time_zone: z.string().max(100).optional(),
});
export type StatusLinkRequest = z.infer<typeof StatusLinkRequest>;

/** active: the page answers; revoked: an administrator stopped it; expired: its ticket was closed too long ago. */
export type StatusLinkState = 'active' | 'revoked' | 'expired';

/** A QR code as an SVG path: the dark modules of a `size`×`size` grid (no quiet zone), one unit each. */
export interface QrPath {
  size: number;
  path: string;
}

export interface StatusLinkReply {
  ticket_id: string;
  state: StatusLinkState;
  /** the page's address (null once revoked) */
  url: string | null;
  /** the QR code of `url` */
  qr: QrPath | null;
  created_at: string;
  revoked_at: string | null;
  /** when the page stops: null while the ticket is open */
  expires_at: string | null;
  /** days the page works after the ticket is closed */
  days_after_done: number;
  /** the ticket's customer has an e-mail address to mail the link to */
  can_mail: boolean;
  /** mail: the address it was queued for */
  mailed_to?: string;
}

// ---- the page's side: tickets.status-page ------------------------------------------------------------------------

/** `lang`: the language the page's address asks for (`?lang=`); else the link's, the group's language. */
export const StatusPageRead = z.object({
  action: z.literal('read'),
  token: z.string().max(100),
  lang: z.enum(STATUS_PAGE_LOCALES).optional(),
});
export const StatusPageAnswer = z.object({
  action: z.literal('answer'),
  token: z.string().max(100),
  lang: z.enum(STATUS_PAGE_LOCALES).optional(),
  /** the estimate's number, as the page shows it */
  estimate: z.number().int().positive(),
  decision: z.enum(ESTIMATE_DECISIONS),
  note: z.string().max(STATUS_NOTE_MAX * 4),
  /** the form token the page was given with that estimate */
  form: z.string().max(200),
  ip: z.string().max(100).nullable(),
});
export const StatusPageRequest = z.discriminatedUnion('action', [StatusPageRead, StatusPageAnswer]);
export type StatusPageRequest = z.infer<typeof StatusPageRequest>;

/** A ticket's status change as the page shows it: the status and when (no one's name). */
export interface StatusPageEvent {
  status: TicketStatus;
  at: string;
}

export interface StatusPageEstimate {
  number: number;
  description: string;
  items: Array<{ description: string; quantity: string; unit_value: string; amount: string }>;
  total: string;
  /** null: pending, the page offers Approve / Decline */
  answer: { decision: EstimateDecision; at: string; note: string | null } | null;
  /** the answer form's token (pending estimates only) */
  form: string | null;
}

/**
 * Everything the page shows, and nothing else (issue 31): the shop's name and contacts, the ticket's number, title,
 * equipment, status with the dates of its changes, its estimates. Dates are ISO; the gateway writes them in
 * `time_zone`. Amounts come written (the receipts' money format).
 */
export interface StatusPageView {
  locale: StatusPageLocale;
  time_zone: string;
  shop: { name: string; phones: string[]; addresses: string[] };
  ticket: {
    number: number;
    title: string;
    equipment: string | null;
    status: TicketStatus;
    created_at: string;
    events: StatusPageEvent[];
  };
  estimates: StatusPageEstimate[];
  /** when the page stops (null while the ticket is open), and the rule */
  expires_at: string | null;
  days_after_done: number;
}

export interface StatusPageReply {
  view: StatusPageView;
  /** answer: what was recorded */
  answered?: EstimateDecision;
}

/** The reasons of the page's refusals (the gateway shows its own words for each). */
export const STATUS_PAGE_REASONS = {
  notFound: 'This page does not exist or is no longer available',
  answered: 'This estimate was answered already',
  changed: 'This estimate changed since the page was opened',
  staleForm: 'This page was open too long',
  badForm: 'This form is not valid',
  noEstimate: 'This estimate is not on this page',
  noteTooLong: 'The note is too long',
  noEmail: 'The customer has no e-mail address',
  revoked: 'This status link was revoked',
} as const;

declare module './http-api' {
  interface HttpApi {
    'GET /{account_id}/tickets/{ticket_id}/status-link': { query?: { tz?: string }; reply: StatusLinkReply };
    'POST /{account_id}/tickets/{ticket_id}/status-link/_renew': { query?: { tz?: string }; reply: StatusLinkReply };
    'DELETE /{account_id}/tickets/{ticket_id}/status-link': { reply: StatusLinkReply };
    'POST /{account_id}/tickets/{ticket_id}/status-link/_mail': { reply: StatusLinkReply };
  }
}
