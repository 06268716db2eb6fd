import type { MailTemplate } from '@app/proto';
import { confirmation } from './confirmation';
import { estimateAnswered } from './estimate-answered';
import { freeLimit } from './free-limit';
import { invitation } from './invitation';
import { passwordChanged } from './password-changed';
import { passwordReset } from './password-reset';
import { registrationAttempt } from './registration-attempt';
import { ticketStatusLink } from './ticket-status-link';
import type { MailTemplateDef } from './template';
import { weeklySummary } from './weekly-summary';

/** Every template, by proto MAIL_TEMPLATES name. */
export const TEMPLATES: Partial<Record<MailTemplate, MailTemplateDef>> = {
  confirmation,
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  invitation,
  'registration-attempt': registrationAttempt,
  'weekly-summary': weeklySummary,
  'free-limit': freeLimit,
  'ticket-status-link': ticketStatusLink,
  'estimate-answered': estimateAnswered,
};
