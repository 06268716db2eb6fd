import { moduleTexts } from '@app/module-kit';
import { readerEn } from './en';
import { readerPtBR } from './pt-BR';

/** The `reader` namespace (en, pt-BR), added to the shell's i18next instance by the Page and the dashboard card. */
export const texts = moduleTexts('reader', readerEn, readerPtBR);
export const { namespace: NAMESPACE, register: registerTranslations } = texts;
