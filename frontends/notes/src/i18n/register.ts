import { moduleTexts } from '@app/module-kit';
import { notesEn } from './en';
import { notesPtBR } from './pt-BR';

/** The `notes` namespace (en, pt-BR), added to the shell's i18next instance by the Page. */
export const texts = moduleTexts('notes', notesEn, notesPtBR);
export const { namespace: NAMESPACE, register: registerTranslations } = texts;
