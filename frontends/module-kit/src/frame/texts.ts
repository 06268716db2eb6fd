import i18next, { type i18n } from 'i18next';

// A module's texts: its own i18n namespace (the module's name) in en and pt-BR, added to the shell's i18next instance.

export interface ModuleTexts {
  namespace: string;
  /** Adds the namespace to an instance once (the default one when none is given; the shell's is passed at render). */
  register: (instance?: i18n) => void;
}

export function moduleTexts(namespace: string, en: object, ptBR: object): ModuleTexts {
  return {
    namespace,
    register(instance = i18next) {
      if (!instance || typeof instance.addResourceBundle !== 'function') return;
      try {
        if (!instance.hasResourceBundle('en', namespace)) instance.addResourceBundle('en', namespace, en, true, false);
        if (!instance.hasResourceBundle('pt-BR', namespace)) instance.addResourceBundle('pt-BR', namespace, ptBR, true, false);
      } catch {
        // an instance not initialised yet has no resource store: the Page registers on the shell's instance at render
      }
    },
  };
}
