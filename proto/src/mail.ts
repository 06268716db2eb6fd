import { z } from 'zod';

// A mail job on the BullMQ mail queue: which template, for whom, in which locale, with which values.
export const MAIL_TEMPLATES = ['confirmation', 'password-reset', 'password-changed', 'invitation', 'registration-attempt', 'weekly-summary', 'free-limit'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const MailJob = z.object({
  to: z.string(),
  template: z.enum(MAIL_TEMPLATES),
  locale: z.string(),
  vars: z.record(z.string(), z.string()),
});
export type MailJob = z.infer<typeof MailJob>;
