import type { Provider } from '@nestjs/common';
import { BACKUP_RESTORE_HOOK, type BackupRestoreHook } from '@app/platform';
import { ReaderRepository } from '../items/items.repository';
import { CredentialsMove } from './credentials-move';
import { userinfoOf } from './feed-credentials.rules';
import { FeedStateRepository } from './feed-state.repository';

/**
 * What the reader does with each page of a restore (platform backups): a restored subscription gets its fetch state
 * (due now, as a new one: the fetcher only fetches what has a state), and a restored item's entry key is recorded, so
 * the next fetch of its feed does not store that entry a second time. A subscription restored from an archive made
 * before credentials were kept apart has its credentials moved out of its address, as at start (credentials-move.ts).
 *
 * Credentials are not in archives (reader.feed_credentials is not a document: a backup holds the group's documents,
 * and no secret of that kind); a restore over the same group finds the credentials of the subscriptions it brings
 * back under their ids, while their addresses stay on the same origin (the fetcher sends them nowhere else); a
 * restore into a new group brings subscriptions without them (their fetch says 401 until the password is typed again).
 */
export function readerRestoreHook(states: FeedStateRepository, repo: ReaderRepository, move: CredentialsMove): BackupRestoreHook {
  return async (tx, db, written) => {
    const subs = written.filter((d) => d.klass === 'ReaderSubscription' && d._deleted !== true);
    for (const active of [true, false]) {
      const these = subs.filter((d) => (d.active !== false) === active);
      await states.createWithin(tx, db, these.map((d) => d._id), active, these.map((d) => ({ feed_url: null, feed_title: null, site_url: typeof d.website_url === 'string' ? d.website_url : null })));
    }
    const keys = written
      .filter((d) => d.klass === 'ReaderItem' && typeof d.dedupe_key === 'string' && typeof d.reader_subscription_id === 'string')
      .map((d) => ({ db, subscriptionId: d.reader_subscription_id as string, key: d.dedupe_key as string }));
    if (keys.length) await repo.claimKeys(tx, keys);
    // after the keys: the move rewrites them too (an archive lists items, `rit-…`, before their subscriptions)
    for (const sub of subs) if (typeof sub.url === 'string' && userinfoOf(sub.url)) await move.moveWithin(tx, db, sub._id);
  };
}

export const readerRestoreHookProvider: Provider = { provide: BACKUP_RESTORE_HOOK, useFactory: readerRestoreHook, inject: [FeedStateRepository, ReaderRepository, CredentialsMove] };
