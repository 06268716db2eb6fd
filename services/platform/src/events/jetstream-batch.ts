import { createInbox, ErrorCode, headers as natsHeaders, NatsError, type ApiError, type Msg, type NatsConnection, type Subscription } from 'nats';

// JetStream publishes of a batch, pipelined on one connection, with their acks read from one subscription of this
// publisher's own (`<inbox>.<token>` per message) instead of a request each: nats.js's JetStreamClient.publish goes
// through nc.request, which builds two Errors for their stack traces, a cancellation NatsError and a timer for every
// message, about a third of a change event's publishing CPU. Here an Error is built only for a message that fails,
// and one timer bounds the whole batch. What counts as stored is what JetStreamClient.publish resolves on: an ack
// naming its stream (a duplicate's ack too), not a 503 "no responders", an API error or no answer in time.

export interface BatchMessage {
  data: Uint8Array;
  /** Nats-Msg-Id: the stream drops a message whose id it has seen within its duplicate window */
  msgId: string;
}

export interface BatchResult {
  /** how many messages, counted from the first, the stream acknowledged (a later ack after a failure is not counted) */
  stored: number;
  /** why message `stored` was not acknowledged, when stored < the batch's length */
  error?: Error;
}

/** Wait for a batch's acks at most this long (JetStreamClient's default request timeout). */
export const ACK_TIMEOUT_MS = 5000;

/** undefined: no answer yet; null: stored; an Error: not stored. */
type Outcome = Error | null | undefined;

interface Batch {
  outcomes: Outcome[];
  open: number;
  done: () => void;
}

interface Waiting {
  batch: Batch;
  index: number;
}

export class JetStreamBatchPublisher {
  private inbox = '';
  private sub?: Subscription;
  private readonly waiting = new Map<string, Waiting>();
  private next = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs = ACK_TIMEOUT_MS,
  ) {}

  /** Publishes the messages in order to `subject` and waits for their acks (or the timeout). Never rejects. */
  async publish(subject: string, messages: BatchMessage[]): Promise<BatchResult> {
    if (!messages.length) return { stored: 0 };
    let done!: () => void;
    const settled = new Promise<void>((resolve) => (done = resolve));
    const batch: Batch = { outcomes: new Array<Outcome>(messages.length), open: 0, done };
    const tokens: string[] = [];
    let i = 0;
    try {
      const inbox = this.subscribe();
      for (; i < messages.length; i++) {
        const h = natsHeaders();
        h.set('Nats-Msg-Id', messages[i].msgId);
        const token = (this.next++).toString(36);
        this.nc.publish(subject, messages[i].data, { reply: `${inbox}.${token}`, headers: h });
        // acks arrive from the socket, never within publish(): registering after it is in time
        this.waiting.set(token, { batch, index: i });
        tokens.push(token);
        batch.open++;
      }
    } catch (e) {
      // a closed or draining connection: message i (and the rest) were not sent
      batch.outcomes[i] = e instanceof Error ? e : new Error(String(e));
    }
    if (batch.open > 0) {
      const timer = setTimeout(done, this.timeoutMs);
      await settled;
      clearTimeout(timer);
    }
    for (const t of tokens) this.waiting.delete(t); // those not answered in time; a late ack is dropped
    let stored = 0;
    while (stored < messages.length && batch.outcomes[stored] === null) stored++;
    if (stored === messages.length) return { stored };
    return { stored, error: batch.outcomes[stored] ?? NatsError.errorForCode(ErrorCode.Timeout) };
  }

  /** Ends the ack subscription (the connection is the caller's); messages still waiting fail. */
  close(): void {
    const sub = this.sub;
    this.sub = undefined;
    if (sub && !sub.isClosed()) sub.unsubscribe();
    this.failAll(NatsError.errorForCode(ErrorCode.ConnectionClosed));
  }

  /** The ack inbox, subscribed once (nats.js subscribes again after a reconnect); throws when the connection is closed. */
  private subscribe(): string {
    if (this.sub && !this.sub.isClosed()) return this.inbox;
    // the connection's inbox prefix, when it sets one (the broker's permissions may allow replies only there)
    const prefix = (this.nc as { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
    const inbox = createInbox(prefix);
    const sub = this.nc.subscribe(`${inbox}.*`, { callback: (err, msg) => this.onAck(err, msg) });
    this.inbox = inbox;
    this.sub = sub;
    void sub.closed.then(() => {
      // the connection closed or drained: no ack will come to this inbox
      if (this.sub === sub) this.sub = undefined;
      this.failAll(NatsError.errorForCode(ErrorCode.ConnectionClosed));
    });
    return inbox;
  }

  private onAck(err: NatsError | null, msg: Msg): void {
    if (err) {
      this.failAll(err);
      return;
    }
    const token = msg.subject.slice(this.inbox.length + 1);
    const w = this.waiting.get(token);
    if (!w) return;
    this.waiting.delete(token);
    this.settle(w, ackError(msg));
  }

  private settle(w: Waiting, outcome: Error | null): void {
    if (w.batch.outcomes[w.index] !== undefined) return;
    w.batch.outcomes[w.index] = outcome;
    if (--w.batch.open === 0) w.batch.done();
  }

  private failAll(err: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of all) this.settle(w, err);
  }
}

/** null for a stored message's ack; else the error JetStreamClient.publish would reject with. */
export function ackError(msg: Msg): Error | null {
  if (msg.data.length === 0 && msg.headers?.code === 503) return NatsError.errorForCode(ErrorCode.NoResponders);
  let ack: { stream?: string; error?: ApiError };
  try {
    ack = msg.json();
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
  if (ack.error && ack.error.code >= 300) {
    const err = new NatsError(ack.error.description || ErrorCode.Unknown, String(ack.error.code));
    err.api_error = ack.error;
    return err;
  }
  if (!ack.stream) return NatsError.errorForCode(ErrorCode.JetStreamInvalidAck);
  return null;
}
