import { MAIL_QUEUE } from '@app/platform';

/**
 * The BullMQ queues of the installation, by the names their services give them (the gateway may not import a
 * service's code): the mail queue (platform, sent by the identity process), the reader's feed fetches
 * (services/reader fetcher/fetch-queue.ts), the finance CSV imports (services/finance import-jobs/import-queue.ts)
 * the notes' bookmark page fetches (services/notes bookmarks/bookmark-fetch-queue.ts), the groups' backups
 * (services/accounts backups/backup-queue.ts), the weekly summaries (summaries/summary-queue.ts) and the Free-plan
 * limit notices (limit-notices/free-limit-notices.ts). A new queue is added here.
 */
export const JOB_QUEUE_NAMES: readonly string[] = [MAIL_QUEUE, 'reader-fetch', 'csv-import', 'bookmark-fetch', 'backups', 'weekly-summaries', 'free-limit-notices'];
