// The account-confirmation countdown (spec §4, §9): an unconfirmed account loses access 30 days after
// confirmation_sent_at; the dashboard shows the whole days left (never negative) and a singular message under 2 days.

export const CONFIRMATION_GRACE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left before an unconfirmed account loses access; 0 once the deadline passed or without a valid date. */
export function confirmationDaysLeft(sentAt: string | Date | null | undefined, now: Date = new Date()): number {
  if (!sentAt) return 0;
  const sent = sentAt instanceof Date ? sentAt : new Date(sentAt);
  if (Number.isNaN(sent.getTime())) return 0;
  const left = sent.getTime() + CONFIRMATION_GRACE_DAYS * DAY_MS - now.getTime();
  return left > 0 ? Math.floor(left / DAY_MS) : 0;
}

/** Under 2 days the card shows the singular message ("1 day", also for 0). */
export const isLastDay = (daysLeft: number): boolean => daysLeft < 2;

/** The i18n key of the card's message for that many days left (plural forms live under `days_left`). */
export function confirmationMessageKey(daysLeft: number): 'dashboard.confirmation.last_day' | 'dashboard.confirmation.days_left' {
  return isLastDay(daysLeft) ? 'dashboard.confirmation.last_day' : 'dashboard.confirmation.days_left';
}
