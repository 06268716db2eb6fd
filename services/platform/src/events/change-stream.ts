import { DiscardPolicy, nanos, RetentionPolicy, StorageType, type NatsConnection, type StreamConfig } from 'nats';
import { changeStream } from '@app/proto';

// The JetStream stream that carries every service's change events (DESIGN: events and the change feed):
// `<prefix>_changes` on `<prefix>.changes.>`, kept on file for 7 days, deduplicating message ids for 2 minutes.

export const CHANGE_STREAM_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const CHANGE_STREAM_DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

const STREAM_NOT_FOUND = 10059;

export function changeStreamConfig(prefix?: string): Partial<StreamConfig> & { name: string } {
  const s = changeStream(prefix);
  return {
    name: s.name,
    subjects: s.subjects,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: nanos(CHANGE_STREAM_MAX_AGE_MS),
    duplicate_window: nanos(CHANGE_STREAM_DUPLICATE_WINDOW_MS),
  };
}

function errCode(e: unknown): number | undefined {
  return (e as { api_error?: { err_code?: number } })?.api_error?.err_code;
}

/** Creates the change stream when it is missing (publishers and consumers may both call it; it is idempotent). */
export async function ensureChangeStream(nc: NatsConnection, prefix?: string): Promise<void> {
  const config = changeStreamConfig(prefix);
  const jsm = await nc.jetstreamManager();
  try {
    await jsm.streams.info(config.name);
    return;
  } catch (e) {
    if (errCode(e) !== STREAM_NOT_FOUND) throw e;
  }
  try {
    await jsm.streams.add(config);
  } catch (e) {
    // another process may have created it in between; if it exists now, that is fine
    await jsm.streams.info(config.name).catch(() => {
      throw e;
    });
  }
}
