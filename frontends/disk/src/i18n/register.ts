import i18next, { type i18n } from 'i18next';
import { diskEn } from './en';
import { diskPtBR } from './pt-BR';

export const NAMESPACE = 'disk';

/** Adds the `disk` namespace (en, pt-BR) to an i18next instance once; the shell's instance is passed at render. */
export function registerTranslations(instance: i18n = i18next): void {
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  try {
    if (!instance.hasResourceBundle('en', NAMESPACE)) instance.addResourceBundle('en', NAMESPACE, diskEn, true, false);
    if (!instance.hasResourceBundle('pt-BR', NAMESPACE)) instance.addResourceBundle('pt-BR', NAMESPACE, diskPtBR, true, false);
  } catch {
    // an instance not initialised yet has no resource store: the Page registers on the shell's instance at render
  }
}
