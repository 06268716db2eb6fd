// English texts of the reports page (merged into the resources as `reports.*`): the range, the charts, the tables of
// tickets per week, technician, category and customer, the time to done, the counts per kind, the CSV download.
export const reportsEn = {
  title: 'Reports',
  breadcrumb_dashboard: 'Dashboard',
  intro: 'Tickets opened and finished in the range, in your time zone ({{tz}}). Done counts the tickets whose status became done in the range and still is.',
  from: 'From',
  to: 'To',
  last_weeks: 'Last 12 weeks',
  download_csv: 'Download CSV',
  not_allowed: {
    title: 'Reports are for administrators',
    text: 'An administrator of the group can give you report access on your membership.',
    back: 'Back to the dashboard',
  },
  totals: {
    opened: 'Opened',
    done: 'Done',
    cancelled: 'Cancelled',
  },
  time_to_done: {
    title: 'Time from opening to done',
    count: 'Tickets done',
    median: 'Median',
    p90: '90th percentile',
    average: 'Average',
    hours: '{{value}} h',
    none: '—',
  },
  weeks: {
    title: 'Tickets per week',
    chart_label: 'Chart of tickets opened and done per week',
    week: 'Week',
    start: 'Starts',
  },
  groups: {
    technicians: 'Per technician',
    categories: 'Per category',
    customers: 'Per customer',
    technician: 'Technician',
    category: 'Category',
    customer: 'Customer',
    opened: 'Opened',
    done: 'Done',
    median: 'Median to done',
    none: '(none)',
    others: '(others)',
    empty: 'No tickets in this range.',
  },
  counts: {
    title: 'Records per kind',
    kind: 'Kind',
    count: 'Records',
  },
  errors: {
    range: 'Choose a range of at most two years, the start not after the end.',
  },
};
