import { moduleTexts } from '@app/module-kit';
import { diskEn } from './en';
import { diskPtBR } from './pt-BR';

/** The `disk` namespace (en, pt-BR), added to the shell's i18next instance by the Page. */
export const texts = moduleTexts('disk', diskEn, diskPtBR);
export const { namespace: NAMESPACE, register: registerTranslations } = texts;
