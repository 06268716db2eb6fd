import { api } from '../app/api';

/** Saves the user's language as their `locale` configuration; a failed save is silent (spec §8). */
export async function saveLocale(userId: string, language: string): Promise<void> {
  try {
    const [doc] = await api.find(userId, { selector: { klass: 'UserConfiguration', key: 'locale' }, limit: 1 });
    if (doc) await api.call('PUT /{db}/{id}', { params: { db: userId, id: doc._id }, query: { rev: doc._rev }, body: { ...doc, value: language } });
    else await api.call('POST /{db}', { params: { db: userId }, body: { klass: 'UserConfiguration', key: 'locale', value: language } });
  } catch {
    /* configuration saves only flag silently */
  }
}
