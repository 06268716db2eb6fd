import { Injectable } from '@nestjs/common';
import { DocumentStore } from '@app/platform';

/** UserConfiguration documents in a user's own db. */
@Injectable()
export class ConfigurationRepository {
  constructor(private readonly store: DocumentStore) {}

  /** The live setting of `key` in the user's db, if any. */
  async byKey(userId: string, key: string): Promise<{ _id: string; value: unknown } | null> {
    const [doc] = await this.store.find(userId, { selector: { klass: 'UserConfiguration', key }, limit: 1 }, { klasses: ['UserConfiguration'] });
    return doc ? { _id: doc._id, value: doc.value } : null;
  }
}
