import { z } from 'zod';
import { CHANGE_ACTIONS } from './accounts';

// Live updates (issue 17): after the accounts service commits a batch of its change log, it announces the new rows of
// each account on a core NATS subject; the gateway's event streams (`GET /{account_id}/_events`, text/event-stream)
// pass them on to the group's members. The announcement is a hint, not the record: a gateway that misses one (core
// NATS keeps nothing) sees the gap in the sequence numbers and reads the change log (`accounts.changes.get`).

/**
 * One change as the stream sends it (each event's `data:`): a `_changes` result without `doc` or `actor_label`. No
 * label: the change log's labels are masked per reader (a membership's address) by the accounts service, and a
 * screen that shows them reads the feed again anyway.
 */
export const LiveChange = z.object({
  seq: z.number().int().positive(),
  id: z.string(),
  changes: z.array(z.object({ rev: z.string() })),
  deleted: z.literal(true).optional(),
  action: z.enum(CHANGE_ACTIONS),
  klass: z.string(),
});
export type LiveChange = z.infer<typeof LiveChange>;

/** The payload of `<prefix>.changes-logged.<account_id>`: rows just committed to that account's change log, by seq. */
export const ChangesLogged = z.object({
  account_id: z.string(),
  changes: z.array(LiveChange).min(1),
});
export type ChangesLogged = z.infer<typeof ChangesLogged>;

/** An announcement carries at most this many rows; a bigger batch goes as several messages (NATS payloads are bounded). */
export const MAX_LOGGED_PER_MESSAGE = 500;

/** The token of a group id in a subject: a group id is `acc-` and letters, digits, `_` or `-` (no `.`, `*` or `>`). */
const SUBJECT_SAFE_ACCOUNT = /^acc-[A-Za-z0-9_-]{1,100}$/;

export function isLiveAccountId(accountId: string): boolean {
  return SUBJECT_SAFE_ACCOUNT.test(accountId);
}

/**
 * `<prefix>.changes-logged.<account_id>`. The prefix is passed in (APP_PREFIX on the servers) so this module stays
 * free of process.env for the browser's entry. A name that is not a plain group id throws: it could be a wildcard.
 */
export function changesLoggedSubject(prefix: string, accountId: string): string {
  if (!isLiveAccountId(accountId)) throw new Error(`not a group id: ${JSON.stringify(accountId.slice(0, 60))}`);
  return `${prefix}.changes-logged.${accountId}`;
}

/** The stream's named events besides the changes (which are unnamed `message` events whose `id:` is their seq). */
export const LIVE_EVENTS = {
  /** first event: `data: {"last_seq": n}`, the position the stream starts after */
  ready: 'ready',
  /** more changes were missed than the stream replays: `data: {"last_seq": n}`; reload everything, then follow on */
  reset: 'reset',
  /** the server ends the stream: `data: {"error", "reason"}` (spec §8 shape); not sent when the gateway shuts down */
  end: 'end',
} as const;

/** The klasses whose changes can end a member's access to a group: the stream then checks the membership again. */
export const MEMBERSHIP_KLASSES: readonly string[] = ['Subscription', 'Account', 'AccountConfiguration'];
