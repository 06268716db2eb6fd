// English texts of the account dashboard (merged into the resources as `dashboard.*`).
export const dashboardEn = {
  confirmation: {
    title: 'Confirm your e-mail address',
    // i18next plural forms: {{count}} picks _one or _other
    days_left_one: 'Your account loses access in {{count}} day unless you confirm your e-mail address.',
    days_left_other: 'Your account loses access in {{count}} days unless you confirm your e-mail address.',
    // the singular message under 2 days (spec §2)
    last_day: 'Your account loses access in less than 2 days: confirm your e-mail address now.',
    hint: 'Open the link we sent to your e-mail.',
    resend: 'Send the confirmation again',
  },
  notifications: {
    title: 'System notifications',
  },
  timeline: {
    action: 'Action',
    model: 'Model',
    record: 'Record',
    updated: 'Updated',
    // a run of consecutive settings changes, as one row
    settings_changed: 'settings changed',
    settings_changed_count_one: '{{count}} change',
    settings_changed_count_other: '{{count}} changes',
    // who made the change (their full name, or a masked address)
    by: 'by {{name}}',
  },
  // the finance module's balances card: per-currency totals, hidden until Show is pressed
  balances: {
    title: 'Balances',
    show: 'Show',
    hide: 'Hide',
    hidden: 'Amounts hidden',
    none: 'No currency has a positive balance.',
  },
  first_steps: {
    title: 'Your group is ready',
    detail: 'Nothing has happened here yet. What people do to customers, tickets and the other records shows up here.',
    customer: 'Add a customer',
    ticket: 'Open a ticket',
  },
};
