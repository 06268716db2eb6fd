import { z } from 'zod';
import { CallerContext } from './context';

// A mail job on the BullMQ mail queue: which template, for whom, in which locale, with which values.
export const MAIL_TEMPLATES = ['confirmation', 'password-reset', 'password-changed', 'invitation', 'registration-attempt', 'weekly-summary', 'free-limit', 'ticket-status-link', 'estimate-answered'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const MailJob = z.object({
  to: z.string(),
  template: z.enum(MAIL_TEMPLATES),
  locale: z.string(),
  vars: z.record(z.string(), z.string()),
  /**
   * The one-click unsubscribe address (https or http URL) of a mail someone may stop: the worker sends it as
   * `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058) and the template shows it
   * as `vars.unsubscribe`.
   */
  unsubscribe: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^\s<>]+$/)
    .optional(),
});
export type MailJob = z.infer<typeof MailJob>;

// Scheduled mails (issue 17): the weekly summary and the Free-plan limit notice, and the unsubscribe link they carry.

/** What a mailed unsubscribe link stops: the weekly summary (all_notifications off) or the Free-plan limit notices. */
export const UNSUBSCRIBE_PURPOSES = ['weekly-summary', 'free-limit'] as const;
export type UnsubscribePurpose = (typeof UNSUBSCRIBE_PURPOSES)[number];

/** GET /mail/unsubscribe?token=… (the page) and POST (one-click) hand the token to the accounts service. */
export const UnsubscribeRequest = z.object({ token: z.string().max(500) });
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequest>;

/** accounts.unsubscribe.check: what the token stops and whether it is stopped already. */
export interface UnsubscribeCheckReply {
  purpose: UnsubscribePurpose;
  /** nothing left to stop: every membership's all_notifications is off, or the notices are stopped */
  done: boolean;
}

/** accounts.unsubscribe.apply: what the token stopped; `changed` memberships or opt-outs written (0 when already done). */
export interface UnsubscribeApplyReply {
  ok: true;
  purpose: UnsubscribePurpose;
  changed: number;
}

/**
 * GET and PUT /mail/preferences: the signed-in user's scheduled mails that are not a group's notification flag (the
 * weekly summary is `all_notifications` on each membership). Today the Free-plan limit notices alone: on unless the
 * user stopped them, by a mailed link or here.
 */
export const MailPreferences = z.object({ free_limit_notices: z.boolean() });
export type MailPreferences = z.infer<typeof MailPreferences>;
/** accounts.mail.preferences.get: the caller's (ctx.user_id) preferences */
export const MailPreferencesGetRequest = z.object({ ctx: CallerContext });
export type MailPreferencesGetRequest = z.infer<typeof MailPreferencesGetRequest>;
/** accounts.mail.preferences.set */
export const MailPreferencesSetRequest = z.object({ ctx: CallerContext, preferences: MailPreferences });
export type MailPreferencesSetRequest = z.infer<typeof MailPreferencesSetRequest>;

declare module './http-api' {
  interface HttpApi {
    'GET /mail/preferences': { reply: MailPreferences };
    'PUT /mail/preferences': { body: MailPreferences; reply: MailPreferences };
  }
}

export const UNSUBSCRIBE_REASONS = {
  invalid: 'This unsubscribe link is not valid',
} as const;

/** One group's figures in a weekly summary mail (the template's `groups` value is a JSON array of these). */
export const SummaryGroup = z.object({
  name: z.string(),
  /** the group's dashboard */
  link: z.string(),
  opened: z.number().int().nonnegative(),
  closed: z.number().int().nonnegative(),
  /** records created in the period per kind (klass), most first */
  records: z.array(z.object({ klass: z.string(), count: z.number().int().nonnegative() })),
});
export type SummaryGroup = z.infer<typeof SummaryGroup>;
