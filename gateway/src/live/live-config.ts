// The live streams' settings (docs/running.md), read once at start. Kept beside the streams rather than in
// GatewayConfig: nothing else in the gateway reads them.

export interface LiveConfig {
  /** open streams this gateway serves at most (LIVE_MAX_STREAMS); one more is a 429 */
  maxStreams: number;
  /** open streams of one user at most, across their tabs and groups (LIVE_MAX_STREAMS_PER_USER) */
  maxStreamsPerUser: number;
  /** a comment line this often keeps proxies from closing an idle stream (LIVE_HEARTBEAT_SECONDS) */
  heartbeatMs: number;
  /** how often each stream's session or token is checked again (LIVE_RECHECK_SECONDS): a logout ends it by then */
  recheckMs: number;
  /** how often the membership is asked again besides on every membership change of the group (LIVE_MEMBERSHIP_SECONDS) */
  membershipMs: number;
  /** changes replayed after Last-Event-ID at most (LIVE_REPLAY_MAX); more missed ones are one `reset` event */
  replayMax: number;
  /** the `retry:` hint: how long a browser waits before reconnecting (LIVE_RETRY_MS) */
  retryMs: number;
  /** bytes a slow client may leave unread before its stream is ended (it reconnects and resumes) */
  maxBufferedBytes: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name}: expected an integer of at least ${min}, got ${value}`);
  return n;
}

export function loadLiveConfig(env: NodeJS.ProcessEnv = process.env): LiveConfig {
  return {
    maxStreams: int(env, 'LIVE_MAX_STREAMS', 5000),
    maxStreamsPerUser: int(env, 'LIVE_MAX_STREAMS_PER_USER', 20),
    heartbeatMs: int(env, 'LIVE_HEARTBEAT_SECONDS', 25, 1) * 1000,
    recheckMs: int(env, 'LIVE_RECHECK_SECONDS', 5, 1) * 1000,
    membershipMs: int(env, 'LIVE_MEMBERSHIP_SECONDS', 60, 1) * 1000,
    replayMax: int(env, 'LIVE_REPLAY_MAX', 1000, 1),
    retryMs: int(env, 'LIVE_RETRY_MS', 3000, 100),
    maxBufferedBytes: 1024 * 1024,
  };
}

export const LIVE_CONFIG = Symbol('LIVE_CONFIG');
