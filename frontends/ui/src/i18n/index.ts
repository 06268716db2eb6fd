import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ptBR } from './pt-BR';
import { profileEn } from './profile.en';
import { profilePtBR } from './profile.pt-BR';
import { dashboardEn } from './dashboard.en';
import { dashboardPtBR } from './dashboard.pt-BR';
import { publicEn } from './public.en';
import { publicPtBR } from './public.pt-BR';

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
    resources: { en: { translation: { ...en, profile: profileEn, dashboard: dashboardEn, public: publicEn } }, 'pt-BR': { translation: { ...ptBR, profile: profilePtBR, dashboard: dashboardPtBR, public: publicPtBR } } },
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

export { en, ptBR };
