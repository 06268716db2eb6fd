import { moduleTexts } from '@app/module-kit';
import { ticketsEn } from './en';
import { ticketsPtBR } from './pt-BR';

/** The `tickets` namespace (en, pt-BR), added to the shell's i18next instance by the Page. */
export const texts = moduleTexts('tickets', ticketsEn, ticketsPtBR);
export const { namespace: NAMESPACE, register: registerTranslations } = texts;
