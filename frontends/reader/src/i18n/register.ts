import i18next, { type i18n } from 'i18next';
import { readerEn } from './en';
import { readerPtBR } from './pt-BR';

export const NAMESPACE = 'reader';

/** Adds the `reader` namespace (en, pt-BR) to an i18next instance once; the shell's instance is passed at render. */
export function registerTranslations(instance: i18n = i18next): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  try {
    if (!instance.hasResourceBundle('en', NAMESPACE)) instance.addResourceBundle('en', NAMESPACE, readerEn, true, false);
    if (!instance.hasResourceBundle('pt-BR', NAMESPACE)) instance.addResourceBundle('pt-BR', NAMESPACE, readerPtBR, true, false);
  } catch {
    // an instance not initialised yet has no resource store: the Page registers on the shell's instance at render
  }
}
