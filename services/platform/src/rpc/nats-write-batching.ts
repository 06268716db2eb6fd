import type { NatsConnection } from 'nats';

// nats.js writes its outbound buffer to the socket at the end of the current microtask checkpoint. A busy gateway or
// service handles each HTTP request or Postgres reply in its own I/O callback, so every publish became a socket write
// of its own, and on loopback each write also pays the receiving side's TCP work (bench/find: writes were half of the
// identity service's CPU). Flushing once per event-loop turn (setImmediate: after every I/O callback of this poll
// phase) sends the publishes of all those callbacks in one write. Latency added: the rest of the current loop turn.

interface ProtocolInternals {
  outbound: { length(): number; size(): number; fill(buf: Uint8Array, ...payloads: Uint8Array[]): void };
  pendingLimit: number;
  flushPending(): void;
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
  close(): Promise<void>;
}

const encoder = new TextEncoder();

/** Makes `nc` flush its writes once per event-loop turn instead of once per microtask checkpoint. */
export function batchNatsWrites(nc: NatsConnection): void {
  const protocol = (nc as unknown as { protocol?: ProtocolInternals }).protocol;
  // written against nats 2.29's ProtocolHandler; anything else keeps the library's own flushing
  if (!protocol || typeof protocol.flushPending !== 'function' || typeof protocol.outbound?.fill !== 'function' || typeof protocol.close !== 'function') return;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    protocol.flushPending();
  };
  protocol.sendCommand = function sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void {
    protocol.outbound.fill(typeof cmd === 'string' ? encoder.encode(cmd) : cmd, ...payloads);
    if (protocol.outbound.size() >= protocol.pendingLimit) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  // a close right after a publish still sends it (the library's microtask flush would have run before the close)
  const close = protocol.close.bind(protocol);
  protocol.close = () => {
    protocol.flushPending();
    return close();
  };
}
