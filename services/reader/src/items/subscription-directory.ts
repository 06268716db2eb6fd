import { Injectable } from '@nestjs/common';
import { ReaderRepository, SubscriptionSummary } from './items.repository';

// What items show of their subscription (its current title and label), per group, kept for a second: a page of the
// feed names a few subscriptions, and asking the database for them on every page was a round trip per request (the
// list is the reader's busiest call). A write to a subscription or a label through this process forgets its group's
// entry at once; a feed's new title (from a fetch) or a write through another copy shows within the second.

const TTL_MS = 1000;

@Injectable()
export class SubscriptionDirectory {
  private readonly groups = new Map<string, { at: number; subs: Promise<Map<string, SubscriptionSummary>> }>();

  constructor(private readonly repo: ReaderRepository) {}

  of(db: string): Promise<Map<string, SubscriptionSummary>> {
    const now = Date.now();
    const hit = this.groups.get(db);
    if (hit && now - hit.at < TTL_MS) return hit.subs;
    const subs = this.repo.subscriptions(db).then((list) => new Map(list.map((s) => [s.id, s])));
    // a failed read is not kept
    subs.catch(() => this.groups.get(db)?.subs === subs && this.groups.delete(db));
    this.groups.set(db, { at: now, subs });
    if (this.groups.size > 10_000) this.groups.delete(this.groups.keys().next().value!);
    return subs;
  }

  forget(db: string): void {
    this.groups.delete(db);
  }
}
