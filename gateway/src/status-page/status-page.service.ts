import { Injectable, Logger } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'http';
import { RpcClient } from '@app/platform';
import {
  AppError,
  CallerContext,
  ESTIMATE_DECISIONS,
  EstimateDecision,
  STATUS_NOTE_MAX,
  STATUS_PAGE_REASONS as R,
  StatusLinkAction,
  StatusLinkReply,
  StatusPageLocale,
  StatusPageReply,
} from '@app/proto';
import { TenancyService } from '../documents/tenancy.service';
import { TooManyRequestsError } from '../http/error-mapping';
import { Bucket, bucketKey, RateLimiter } from '../rate-limit/rate-limiter';
import { loadStatusPageLimits, StatusPageLimits } from './status-page.config';
import { langOf, Notice, NoticeKind, problemLocale, problemPage, ProblemKind, statusPage } from './status-page.html';

const logger = new Logger('status-page');

/** An HTML answer: its status, its page and, for a 429, when to come back. */
export interface HtmlAnswer {
  status: number;
  html: string;
  retryAfter?: number;
}

export interface PageRequest {
  token: string;
  lang: unknown;
  ip: string;
  headers: IncomingHttpHeaders;
}

/** The notice a refusal of the tickets service shows over the page, by its reason. */
const NOTICE_OF_REASON: Record<string, NoticeKind> = {
  [R.answered]: 'answered',
  [R.changed]: 'changed',
  [R.staleForm]: 'stale',
  [R.badForm]: 'badForm',
  [R.noEstimate]: 'noEstimate',
  [R.noteTooLong]: 'noteTooLong',
};

const isDecision = (v: unknown): v is EstimateDecision => typeof v === 'string' && (ESTIMATE_DECISIONS as readonly string[]).includes(v);

/**
 * The customer's status page (`/s/<token>`, no login) and the members' status-link calls. The page's answers are
 * HTML whatever happens: every refused token the same 404 page, bad input a 4xx page that says what was wrong, a
 * busy client a 429 page. The token travels to the tickets service only; the gateway keeps its hash for the
 * per-link bucket.
 */
@Injectable()
export class StatusPageService {
  private readonly limits: StatusPageLimits = loadStatusPageLimits();

  constructor(
    private readonly rpc: RpcClient,
    private readonly limiter: RateLimiter,
    private readonly tenancy: TenancyService,
  ) {}

  // ---- the members' side -------------------------------------------------------------------------------------------

  async link(caller: CallerContext, accountId: string, ticketId: string, action: StatusLinkAction, tz?: unknown): Promise<StatusLinkReply> {
    const ctx = await this.tenancy.resolve(caller, accountId);
    const time_zone = typeof tz === 'string' && tz.length <= 100 ? tz : undefined;
    return this.rpc.call('tickets.status-link', { ctx, ticket_id: ticketId, action, ...(time_zone ? { time_zone } : {}) });
  }

  // ---- the page ----------------------------------------------------------------------------------------------------

  async read(req: PageRequest): Promise<HtmlAnswer> {
    const lang = langOf(req.lang);
    try {
      await this.limiter.consume(this.ipBucket(req.ip));
      const reply = await this.lookup(req, () => this.rpc.call('tickets.status-page', { action: 'read', token: req.token, ...langParam(req) }));
      return { status: 200, html: statusPage({ view: reply.view, token: req.token, lang }) };
    } catch (err) {
      return this.problem(err, req);
    }
  }

  async answer(req: PageRequest, body: unknown): Promise<HtmlAnswer> {
    const lang = langOf(req.lang);
    try {
      await this.limiter.consume(this.ipBucket(req.ip));
      // a no-login page has no session to tie a form to: the browser's own word on where the post comes from, then
      // the form token the page gave (checked by the tickets service)
      if (!this.sameOrigin(req.headers)) return await this.withNotice(req, 403, { kind: 'badForm' });
      const fields = formFields(body);
      if (!fields) return await this.withNotice(req, 400, { kind: 'badInput' });
      if (fields.note.length > STATUS_NOTE_MAX * 4) return await this.withNotice(req, 422, { kind: 'noteTooLong' });
      await this.limiter.consume({ name: `status:answers:${bucketKey(req.token)}`, limit: this.limits.answersPerLink });
      const reply = await this.lookup(req, () =>
        this.rpc.call('tickets.status-page', { action: 'answer', token: req.token, ...langParam(req), estimate: fields.estimate, decision: fields.decision, note: fields.note, form: fields.form, ip: req.ip || null }),
      );
      const notice: Notice = { kind: reply.answered === 'declined' ? 'thanksDeclined' : 'thanksApproved', n: fields.estimate };
      return { status: 200, html: statusPage({ view: reply.view, token: req.token, lang, notice }) };
    } catch (err) {
      if (err instanceof AppError && err.status !== 404 && err.status !== 429 && err.status !== 503) {
        const kind = typeof err.reason === 'string' ? NOTICE_OF_REASON[err.reason] : undefined;
        if (kind && err.status < 500) return this.withNotice(req, err.status, { kind, n: estimateOf(body) }).catch((e: unknown) => this.problem(e, req));
        if (err.status === 400 || err.status === 422) return this.withNotice(req, err.status, { kind: 'badInput' }).catch((e: unknown) => this.problem(e, req));
      }
      return this.problem(err, req);
    }
  }

  /** The page again, with a notice over it (an answer refused: what to do now). */
  private async withNotice(req: PageRequest, status: number, notice: Notice): Promise<HtmlAnswer> {
    const reply = await this.lookup(req, () => this.rpc.call('tickets.status-page', { action: 'read', token: req.token, ...langParam(req) }));
    return { status, html: statusPage({ view: reply.view, token: req.token, lang: langOf(req.lang), notice }) };
  }

  /**
   * A lookup holds a place in the client's bucket of misses while it runs and keeps it when the token found no page
   * (counted atomically: parallel guesses cannot all pass a check that counts afterwards).
   */
  private lookup(req: PageRequest, call: () => Promise<StatusPageReply>): Promise<StatusPageReply> {
    const misses: Bucket = { name: `status:misses:${req.ip}`, limit: this.limits.missesPerIp };
    return this.limiter.attempt([misses], call, (err) => err instanceof AppError && err.status === 404);
  }

  private ipBucket(ip: string): Bucket {
    return { name: `status:ip:${ip}`, limit: this.limits.perIp };
  }

  /**
   * Fetch Metadata first (every current browser sends Sec-Fetch-Site): only the page itself may post its form.
   * Without it, an Origin that names another site is refused; with `Referrer-Policy: no-referrer` a browser sends
   * `Origin: null` for the page's own form, so null passes (the form token still has to be right).
   */
  private sameOrigin(headers: IncomingHttpHeaders): boolean {
    const site = headers['sec-fetch-site'];
    if (typeof site === 'string') return site === 'same-origin';
    const origin = headers.origin;
    if (typeof origin !== 'string' || origin === 'null') return true;
    try {
      return new URL(origin).host === headers.host;
    } catch {
      return false;
    }
  }

  private problem(err: unknown, req: PageRequest): HtmlAnswer {
    const locale = problemLocale(req.lang, req.headers['accept-language']);
    const page = (status: number, kind: ProblemKind, retryAfter?: number): HtmlAnswer => ({ status, html: problemPage(kind, locale), ...(retryAfter ? { retryAfter } : {}) });
    if (err instanceof TooManyRequestsError) return page(429, 'tooMany', err.retryAfterSeconds);
    if (err instanceof AppError && err.status === 404) return page(404, 'notFound');
    if (err instanceof AppError && err.status === 429) return page(429, 'tooMany', 60);
    if (err instanceof AppError && err.status === 503) return page(503, 'unavailable');
    // any other refusal of what the client sent (a malformed request): the same page as an unknown link
    if (err instanceof AppError && err.status >= 400 && err.status < 500) return page(err.status, 'notFound');
    // a bug: logged with its stack (never the token), and a page that says to try again
    logger.error(`status page: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return page(500, 'unavailable');
  }
}

/** The answer form's fields, or null when they are not what the page's form sends. */
export function formFields(body: unknown): { estimate: number; decision: EstimateDecision; note: string; form: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const estimate = typeof b.estimate === 'string' && /^\d{1,9}$/.test(b.estimate) ? Number(b.estimate) : NaN;
  const note = b.note === undefined ? '' : b.note;
  if (!(estimate > 0) || !isDecision(b.decision) || typeof note !== 'string' || typeof b.form !== 'string' || b.form.length > 200) return null;
  return { estimate, decision: b.decision, note, form: b.form };
}

function estimateOf(body: unknown): number | undefined {
  const n = body && typeof body === 'object' ? Number((body as Record<string, unknown>).estimate) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The language the address asks for, passed to the tickets service (dates and amounts are written in it). */
function langParam(req: PageRequest): { lang?: StatusPageLocale } {
  const lang = langOf(req.lang);
  return lang ? { lang } : {};
}
