import type { ConnectionOptions } from 'nats';

// The options of every long-lived NATS connection of the product. nats.js gives up after 10 reconnection tries 2 s
// apart: a broker away for longer than ~20 s left a process without NATS until it was restarted. These connections
// try again for ever, every 250 ms (a broker back is found within a fraction of a second). NATS_URL may list several
// servers of a cluster, comma separated: the client connects to one and moves to another when it goes away.

/** The servers of NATS_URL (comma separated). */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function natsOptions(url: string | string[], name: string): ConnectionOptions {
  return {
    servers: Array.isArray(url) ? url.flatMap(natsServers) : natsServers(url),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    // a broker that vanished without closing the socket (a machine gone) is noticed within ~20 s, not 4 minutes
    pingInterval: 10_000,
    maxPingOut: 2,
  };
}
