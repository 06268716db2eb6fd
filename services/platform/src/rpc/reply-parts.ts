import { Logger } from '@nestjs/common';
import { AppError } from '@app/proto';
import { createInbox, headers as natsHeaders, Msg, MsgHdrs, NatsConnection, Subscription } from 'nats';

// Answers of any size over NATS, whose server carries at most `max_payload` bytes a message (1 MiB by default). An
// answer that fits is one message, as always. A larger one is cut into parts: the first message carries part 0 and
// three headers (how many parts, how many bytes, and a subject of the answering process); the asker fetches parts
// 1…n-1 from that subject one request at a time, so at most one part per answer is ever in flight. Pulling rather
// than pushing every part at once keeps the broker's buffer towards a busy asker small: nats-server disconnects a
// connection ("slow consumer") whose pending bytes pass 64 MB, and a few large answers pushed at once to the gateway
// would have cut every call it had in flight.
//
// The answering process holds an answer's bytes until its last part was fetched or nobody asked for a part for
// PART_IDLE_MS; it refuses to build an answer over `maxReplyBytes` (422: ask for fewer) and, while it already holds
// `maxHeldBytes` of parts for slow askers, answers 503 instead of holding more.

const logger = new Logger('reply-parts');
const encoder = new TextEncoder();

export const PARTS_HEADER = 'Rpc-Parts';
export const BYTES_HEADER = 'Rpc-Bytes';
export const SUBJECT_HEADER = 'Rpc-Parts-Subject';

/** Headroom below the broker's max_payload for a message's headers and protocol line. */
const HEADROOM = 4096;
/** How long an answer's parts wait for their next fetch. */
export const PART_IDLE_MS = 30_000;

export interface ReplyLimits {
  /** bytes of one message (part); defaults to the broker's max_payload less headroom */
  partBytes?: number;
  /** the largest answer built (default RPC_MAX_REPLY_BYTES or 64 MiB) */
  maxReplyBytes?: number;
  /** the bytes of parts one process holds for its askers at most (default 4 × maxReplyBytes) */
  maxHeldBytes?: number;
}

function envBytes(name: string): number | undefined {
  const n = Number(process.env[name]);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export function replyLimits(overrides: ReplyLimits = {}): Required<Omit<ReplyLimits, 'partBytes'>> & Pick<ReplyLimits, 'partBytes'> {
  const maxReplyBytes = overrides.maxReplyBytes ?? envBytes('RPC_MAX_REPLY_BYTES') ?? 64 * 1024 * 1024;
  return {
    partBytes: overrides.partBytes ?? envBytes('RPC_PART_BYTES'),
    maxReplyBytes,
    maxHeldBytes: overrides.maxHeldBytes ?? envBytes('RPC_MAX_HELD_BYTES') ?? 4 * maxReplyBytes,
  };
}

/** Why an answer was not sent: too large to build, or the process holds too much for slow askers already. */
export type ReplyRefusal = 'too_large' | 'busy';

/** The error an asker gets instead of an answer that was refused. */
export function refusalError(refusal: ReplyRefusal, bytes: number, maxReplyBytes = replyLimits().maxReplyBytes): AppError {
  const mb = (n: number) => `${Math.ceil(n / (1024 * 1024))} MB`;
  return refusal === 'too_large'
    ? new AppError('unprocessable_entity', `The answer would be ${mb(bytes)}, more than the ${mb(maxReplyBytes)} one answer may hold: ask for fewer items`)
    : new AppError('service_unavailable', 'The service is busy sending large answers, please try again in a moment');
}

/** The answering side: sends an answer whole or in parts. One per NATS connection. */
export class ReplySender {
  private held = 0;
  private readonly limits: ReturnType<typeof replyLimits>;

  constructor(
    private readonly nc: NatsConnection,
    limits: ReplyLimits = {},
  ) {
    this.limits = replyLimits(limits);
  }

  /** Bytes of one message: the configured part size, never more than the broker takes. */
  partBytes(): number {
    const max = Math.max(1024, (this.nc.info?.max_payload ?? 1024 * 1024) - HEADROOM);
    return Math.min(this.limits.partBytes ?? max, max);
  }

  /** Bytes currently held for askers still fetching parts. */
  heldBytes(): number {
    return this.held;
  }

  /**
   * Answers `msg` with `bytes`. Returns undefined when sent (or when nobody waits for it), or why it was not: the
   * caller then answers with an error of its own (which is small).
   */
  send(msg: Msg, bytes: Uint8Array): ReplyRefusal | undefined {
    if (!msg.reply) return undefined;
    if (bytes.byteLength <= this.partBytes()) {
      respond(msg, bytes);
      return undefined;
    }
    const offer = this.offer(bytes);
    if (typeof offer === 'string') return offer;
    if (!respond(msg, offer.first, offer.headers)) offer.release();
    return undefined;
  }

  /**
   * Offers `bytes` (larger than one message) in parts: the first part and the headers to send it with; the others are
   * served on the headers' subject until all were fetched, `release()` is called, or nobody asked for PART_IDLE_MS.
   * A request is sent this way too (RpcClient): the answering side pulls the rest before it handles the call.
   */
  offer(bytes: Uint8Array): { first: Uint8Array; headers: MsgHdrs; release: () => void } | ReplyRefusal {
    const part = this.partBytes();
    if (bytes.byteLength > this.limits.maxReplyBytes) return 'too_large';
    if (this.held + bytes.byteLength > this.limits.maxHeldBytes) return 'busy';
    const count = Math.ceil(bytes.byteLength / part);
    const subject = createInbox();
    const slice = (i: number) => bytes.subarray(i * part, Math.min(bytes.byteLength, (i + 1) * part));
    this.held += bytes.byteLength;
    const fetched = new Uint8Array(count);
    let left = count - 1;
    let idle: NodeJS.Timeout | undefined;
    let sub: Subscription | undefined;
    const release = () => {
      if (!sub) return;
      sub.unsubscribe();
      sub = undefined;
      clearTimeout(idle);
      this.held -= bytes.byteLength;
    };
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(release, PART_IDLE_MS);
      idle.unref();
    };
    try {
      sub = this.nc.subscribe(subject, {
        callback: (err, req) => {
          if (err) return release();
          const i = Number(new TextDecoder().decode(req.data));
          if (!Number.isInteger(i) || i < 1 || i >= count) {
            respond(req, encoder.encode(''));
            return;
          }
          respond(req, slice(i));
          if (!fetched[i]) {
            fetched[i] = 1;
            left--;
          }
          // every part after the first was fetched: the asker has the whole
          if (left === 0) release();
          else arm();
        },
      });
    } catch (err) {
      this.held -= bytes.byteLength;
      logger.error(`cannot offer bytes in parts: ${err instanceof Error ? err.message : String(err)}`);
      return 'busy';
    }
    arm();
    const h = natsHeaders();
    h.set(PARTS_HEADER, String(count));
    h.set(BYTES_HEADER, String(bytes.byteLength));
    h.set(SUBJECT_HEADER, subject);
    return { first: slice(0), headers: h, release };
  }
}

function respond(msg: Msg, data: Uint8Array, h?: MsgHdrs): boolean {
  try {
    return msg.respond(data, h ? { headers: h } : undefined);
  } catch (err) {
    // the connection is closing, or the message is still too large for the broker: the asker's deadline answers
    logger.error(`cannot answer: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

/** Why reading an answer's parts failed. */
export class PartsError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'gone' | 'invalid' | 'too_large',
  ) {
    super(message);
    this.name = 'PartsError';
  }
}

/** True when `msg` is the first part of an answer sent in parts. */
export function isFirstPart(msg: Msg): boolean {
  return msg.headers?.get(PARTS_HEADER) !== undefined && msg.headers.get(PARTS_HEADER) !== '';
}

/** Once the first part of a call's answer has come, the rest has at least this long, and a second more per
 * REST_BYTES_PER_SECOND announced: the service has answered, and a deadline sized for the question (15 s) must not
 * cut a 50 MB answer half read on a busy machine (what a call waits for is its answer, not the parts' transfer). */
const REST_BASE_MS = 5_000;
const REST_BYTES_PER_SECOND = 2 * 1024 * 1024;

/** The deadline for the other parts of the answer whose first part is `first`: the call's, or later for a big one. */
export function restDeadline(callDeadline: number, first: Msg): number {
  const total = Number(first.headers?.get(BYTES_HEADER));
  if (!Number.isSafeInteger(total) || total <= 0) return callDeadline;
  return Math.max(callDeadline, Date.now() + REST_BASE_MS + Math.ceil(total / REST_BYTES_PER_SECOND) * 1000);
}

/**
 * The whole answer whose first part is `first`: fetches the other parts from the answering process, one at a time.
 * `deadline` (Date.now() based) bounds the whole read; `maxBytes` refuses an announced answer larger than that.
 */
export async function readParts(nc: NatsConnection, first: Msg, opts: { deadline: number; maxBytes?: number }): Promise<Uint8Array> {
  const count = Number(first.headers!.get(PARTS_HEADER));
  const total = Number(first.headers!.get(BYTES_HEADER));
  const subject = first.headers!.get(SUBJECT_HEADER);
  const maxBytes = opts.maxBytes ?? replyLimits().maxReplyBytes;
  if (!Number.isSafeInteger(count) || count < 2 || !Number.isSafeInteger(total) || total < first.data.byteLength || !subject) {
    throw new PartsError('an answer in parts came with invalid headers', 'invalid');
  }
  if (total > maxBytes) throw new PartsError(`an answer of ${total} bytes is larger than the ${maxBytes} bytes one answer may be`, 'too_large');
  const out = new Uint8Array(total);
  out.set(first.data, 0);
  let at = first.data.byteLength;
  for (let i = 1; i < count; i++) {
    const left = opts.deadline - Date.now();
    if (left <= 0) throw new PartsError('the answer\'s parts did not come in time', 'timeout');
    let part: Msg;
    try {
      part = await nc.request(subject, encoder.encode(String(i)), { timeout: left });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '503') throw new PartsError('the answering process is gone', 'gone');
      throw new PartsError(`part ${i} of ${count}: ${err instanceof Error ? err.message : String(err)}`, code === 'TIMEOUT' ? 'timeout' : 'gone');
    }
    if (at + part.data.byteLength > total || (part.data.byteLength === 0 && i < count)) throw new PartsError(`part ${i} of ${count} does not fit the announced size`, 'invalid');
    out.set(part.data, at);
    at += part.data.byteLength;
  }
  if (at !== total) throw new PartsError(`the parts hold ${at} bytes, ${total} were announced`, 'invalid');
  return out;
}
