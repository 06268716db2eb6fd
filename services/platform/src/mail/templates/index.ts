import type { MailTemplate } from '@app/proto';
import { confirmation } from './confirmation';
import { invitation } from './invitation';
import { passwordChanged } from './password-changed';
import { passwordReset } from './password-reset';
import { registrationAttempt } from './registration-attempt';
import type { MailTemplateDef } from './template';

/** The templates written so far, by proto MAIL_TEMPLATES name (weekly-summary and free-limit come later). */
export const TEMPLATES: Partial<Record<MailTemplate, MailTemplateDef>> = {
  confirmation,
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  invitation,
  'registration-attempt': registrationAttempt,
};
