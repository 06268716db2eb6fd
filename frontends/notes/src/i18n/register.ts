import i18next, { type i18n } from 'i18next';
import { notesEn } from './en';
import { notesPtBR } from './pt-BR';

export const NAMESPACE = 'notes';

/** Adds the `notes` namespace (en, pt-BR) to an i18next instance once; the shell's instance is passed at render. */
export function registerTranslations(instance: i18n = i18next): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  try {
    if (!instance.hasResourceBundle('en', NAMESPACE)) instance.addResourceBundle('en', NAMESPACE, notesEn, true, false);
    if (!instance.hasResourceBundle('pt-BR', NAMESPACE)) instance.addResourceBundle('pt-BR', NAMESPACE, notesPtBR, true, false);
  } catch {
    // an instance not initialised yet has no resource store: the Page registers on the shell's instance at render
  }
}
