import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ptBR } from './pt-BR';
// the texts beyond the core: add a screen's texts to extra.en.ts and extra.pt-BR.ts
import { extraEn } from './extra.en';
import { extraPtBR } from './extra.pt-BR';

export const LANGUAGES = ['en', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A user's or browser's locale ('pt', 'pt_BR', 'en-US', …) as one of the supported languages; English otherwise. */
export function toLanguage(locale: string | null | undefined): Language {
  return locale && /^pt/i.test(locale) ? 'pt-BR' : 'en';
}

/** A fresh i18next instance with en and pt-BR, English as fallback (keys may contain ':' and are split on '.'). */
export function createI18n(language: string = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: { ...en, ...extraEn } }, 'pt-BR': { translation: { ...ptBR, ...extraPtBR } } },
    lng: toLanguage(language),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

const OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
};

/**
 * The web shell's instance: only the English core texts (en.ts) at first, the fallback of every language; the rest
 * (the other language's core, the extra texts) comes with loadTexts, so the first load carries the least.
 */
export function createCoreI18n(language: string = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...OPTIONS, resources: { en: { translation: structuredClone(en) } }, partialBundledLanguages: true, lng: toLanguage(language) });
  return instance;
}

export type TextsPart = 'core' | 'all';

const loading = new WeakMap<i18n, Map<string, Promise<void>>>();

function once(instance: i18n, key: string, load: () => Promise<void>): Promise<void> {
  let byKey = loading.get(instance);
  if (!byKey) loading.set(instance, (byKey = new Map()));
  let promise = byKey.get(key);
  if (!promise) {
    const map = byKey;
    promise = load();
    map.set(key, promise);
    // a failed download (network) is tried again next time
    promise.catch(() => map.delete(key));
  }
  return promise;
}

/**
 * Adds to a createCoreI18n instance the texts `language` needs: its core (pt-BR.ts; English is always there) and, for
 * 'all', the extra texts of English and of the language. Loaded once per instance; the same promise every call.
 */
export function loadTexts(instance: i18n, language: string, part: TextsPart): Promise<void> {
  const lang = toLanguage(language);
  // i18next extends the stored objects in place: it gets copies, never the modules' own objects
  const add = (lng: Language, texts: object) => {
    instance.addResourceBundle(lng, 'translation', structuredClone(texts), true, false);
  };
  const core = () =>
    lang === 'pt-BR' ? once(instance, 'core:pt-BR', async () => add('pt-BR', (await import('./pt-BR')).ptBR)) : Promise.resolve();
  if (part === 'core') return once(instance, `core:${lang}:done`, core);
  return once(instance, `all:${lang}`, async () => {
    await Promise.all([
      core(),
      once(instance, 'extra:en', async () => add('en', (await import('./extra.en')).extraEn)),
      lang === 'pt-BR' ? once(instance, 'extra:pt-BR', async () => add('pt-BR', (await import('./extra.pt-BR')).extraPtBR)) : undefined,
    ]);
  });
}

export { en, ptBR };
