// The scheduled mails' settings (docs/running.md): the weekly summary's schedule, and how many mails' jobs a copy
// works at once.

export interface ScheduledMailSettings {
  /** SUMMARY_SCHEDULE=on|off: the weekly summary's scheduler (default on, off when NODE_ENV=test) */
  summaryOn: boolean;
  /** SUMMARY_CRON: when the weekly summary runs, a cron pattern in UTC (default Monday 07:00) */
  summaryCron: string;
  /** SCHEDULED_MAIL_CONCURRENCY: summary and notice jobs at once per accounts process */
  concurrency: number;
}

function int(value: string | undefined, dflt: number, min: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min ? n : dflt;
}

export const DEFAULT_SUMMARY_CRON = '0 7 * * 1';

export function scheduledMailSettings(env: NodeJS.ProcessEnv = process.env): ScheduledMailSettings {
  const schedule = env.SUMMARY_SCHEDULE ?? (env.NODE_ENV === 'test' ? 'off' : 'on');
  return {
    summaryOn: schedule !== 'off',
    summaryCron: env.SUMMARY_CRON?.trim() || DEFAULT_SUMMARY_CRON,
    concurrency: int(env.SCHEDULED_MAIL_CONCURRENCY, 2, 1),
  };
}
