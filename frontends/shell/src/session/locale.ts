import { api } from '../app/api';

interface ConfigDoc {
  _id: string;
  _rev: string;
  klass: 'UserConfiguration';
  key: string;
  value: unknown;
}

/** Saves the user's language as their `locale` configuration; a failed save is silent (spec §8). */
export async function saveLocale(userId: string, language: string): Promise<void> {
  try {
    const found = await api.post<{ docs: ConfigDoc[] }>(`/${userId}/_find`, {
      selector: { klass: 'UserConfiguration', key: 'locale' },
      limit: 1,
    });
    const doc = found.docs[0];
    if (doc) await api.put(`/${userId}/${doc._id}`, { ...doc, value: language }, { query: { rev: doc._rev } });
    else await api.post(`/${userId}`, { klass: 'UserConfiguration', key: 'locale', value: language });
  } catch {
    /* configuration saves only flag silently */
  }
}
