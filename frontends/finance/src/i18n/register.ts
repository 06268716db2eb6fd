import { moduleTexts } from '@app/module-kit';
import { financeEn } from './en';
import { financePtBR } from './pt-BR';

/** The `finance` namespace (en, pt-BR), added to the shell's i18next instance by the Page. */
export const texts = moduleTexts('finance', financeEn, financePtBR);
export const { namespace: NAMESPACE, register: registerTranslations } = texts;
