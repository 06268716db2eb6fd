export { MailQueue, MAIL_ATTEMPTS, MAIL_BACKOFF_MS } from './mail-queue';
export type { SendOptions } from './mail-queue';
export { startMailWorker } from './mail-worker';
export type { MailWorker } from './mail-worker';
export { renderMail, mailLocale, TemplateError } from './render';
export { escapeHtml } from './templates/template';
export type { RenderedMail } from './templates/template';
export { MAIL_QUEUE, bullPrefix, bullConnection, bullProducerConnection } from './connection';
