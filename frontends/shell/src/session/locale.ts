import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@app/ui';
import { api, type Session } from '../app/api';

/** Saves the user's language as their `locale` configuration; a failed save is silent (spec §8). True when saved. */
export async function saveLocale(userId: string, language: string): Promise<boolean> {
  try {
    const [doc] = await api.find(userId, { selector: { klass: 'UserConfiguration', key: 'locale' }, limit: 1 });
    if (doc) await api.call('PUT /{db}/{id}', { params: { db: userId, id: doc._id }, query: { rev: doc._rev }, body: { ...doc, value: language } });
    else await api.call('POST /{db}', { params: { db: userId }, body: { klass: 'UserConfiguration', key: 'locale', value: language } });
    return true;
  } catch {
    /* configuration saves only flag silently */
    return false;
  }
}

/**
 * After a language change the session is reloaded (spec §7), once the locale is saved: a reload before the save
 * would bring the old locale back, and the layout would switch the page back to it. A failed save reloads nothing
 * (the page keeps the chosen language for this visit).
 */
export async function saveLocaleAndReloadSession(queryClient: QueryClient, userId: string, language: string): Promise<void> {
  if (await saveLocale(userId, language)) await queryClient.invalidateQueries({ queryKey: ['session'] });
}

/**
 * Switching the page's language (the user menu, the settings page): at once on screen, the cached session follows
 * (so the layout's saved-language rule does not switch back), then the locale is saved and the session reloaded.
 */
export function useChangeLanguage(userId: string): (language: Language) => void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return (language: Language) => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
    queryClient.setQueryData<Session>(['session'], (s) => (s?.user ? { ...s, locale: language } : s));
    void saveLocaleAndReloadSession(queryClient, userId, language);
  };
}
