// English texts of the public screens (landing, legal pages, newsletter, icons) and the module switcher, merged into
// the resources as `public.*`.
export const publicEn = {
  nav: { login: 'Log in', register: 'Create your profile', welcome: 'About the product' },
  hero: {
    title: 'Service orders without the paperwork',
    pitch:
      'Track service tickets, customers, equipment, contracts, estimates, receipts and maintenance schedules in one place — and switch on personal finance, file storage, notes and a feed reader when your group needs them.',
    // the pitch while the optional modules are not deployed (public.coming names them)
    pitch_core: 'Track service tickets, customers, equipment, contracts, estimates, receipts and maintenance schedules in one place.',
    start: 'Start for free',
    login: 'I already have a profile',
  },
  features: {
    title: 'Features',
    tickets: { title: 'Service tickets', text: 'Open, assign and close tickets, with priorities, checklists, comments and printable receipts.' },
    customers: { title: 'Customers and equipment', text: 'Keep every customer, their equipment, contracts and maintenance schedules together.' },
    finance: { title: 'Personal finance', text: 'Wallets, incomes, expenses, transfers, currency exchanges and CSV import with mapping rules.' },
    disk: { title: 'File storage', text: 'Store files with versions and reach them over WebDAV.' },
    notes: { title: 'Handbook and wiki', text: 'Write notes and bookmarks your whole group can read.' },
    reader: { title: 'Feed reader', text: 'Follow RSS feeds with subscriptions, labels, read and starred items.' },
    groups: { title: 'Groups and members', text: 'Invite members to your group profile; each one chooses which e-mails to receive.' },
    api: { title: 'API and tokens', text: 'Connect other software with the API and personal user tokens.' },
  },
  screenshots: {
    title: 'Screenshots',
    note: 'Illustrations of the main screens.',
    dashboard: 'Dashboard: open tickets by priority and the recent changes',
    tickets: 'Tickets: the list with status and priority',
    finance: 'Finance: wallet balances and recent expenses',
  },
  pricing: {
    title: 'Pricing',
    per_month: 'per month',
    choose: 'Choose',
    free: {
      name: 'Free',
      price: 'US$ 0',
      items: ['1,000 records', 'Up to 5 free groups (1 until your e-mail is confirmed)', 'Unlimited users', 'One backup per month'],
    },
    pro: {
      name: 'Professional',
      price: 'US$ 6 per 100 MB',
      // after the stored price (the plan page's figure)
      unit: 'per 100 MB',
      items: ['Weekly backup', 'Drive storage: 1 GB', 'Unlimited users'],
    },
    corp: {
      name: 'Corporate',
      price: 'US$ 18 per 200 MB',
      unit: 'per 200 MB',
      items: ['Daily backup per group', 'Plus a daily backup of all groups', 'Drive storage: 1 GB'],
    },
    server: {
      name: 'Dedicated server',
      price: 'US$ 900',
      items: ['1 GB of data', '10 GB of files', 'A server for your company only'],
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      { q: 'Is there a free plan?', a: 'Yes. The Free plan holds 1,000 records and up to 5 free groups, with unlimited users.' },
      { q: 'Why confirm my e-mail address?', a: 'Until it is confirmed you can create only one free group, and an unconfirmed account loses access after 30 days.' },
      { q: 'Can I switch back to the Free plan?', a: 'Yes, while your group has no more than 1,000 records. After a plan change, the plan is locked for 24 hours.' },
      { q: 'Do phones and addresses count as records?', a: 'No. Sub-records such as a phone or an address do not count towards the limit.' },
      { q: 'How do I pay?', a: 'Paid plans are charged by an external card payment provider; prices are shown in US dollars.' },
      { q: 'Can other software use my data?', a: 'Yes. Create a user token in your profile and use the API.' },
    ],
  },
  legal: {
    back: 'Back',
    updated_note: 'This page is a placeholder: the operator of this service fills in the final text.',
    terms: {
      title: 'Terms and conditions',
      body: 'The terms and conditions of this service have not been published yet. The operator of this service will write them here before the service is offered to the public.',
    },
    privacy: {
      title: 'Privacy policy',
      body: 'The privacy policy of this service has not been published yet. The operator of this service will describe here which personal data is collected, why, and how to ask for it to be removed.',
    },
    refund: {
      title: 'Refund policy',
      body: 'The refund policy of this service has not been published yet. The operator of this service will describe here when and how payments are refunded.',
    },
    disclaimer: {
      title: 'Disclaimer',
      body: 'The disclaimer of this service has not been published yet. The operator of this service will write it here.',
    },
  },
  newsletter: {
    title: 'Newsletter preferences',
    intro: 'Choose what we may send you by e-mail.',
    topics: {
      product: { label: 'Product news', text: 'New features and changes to the service.' },
      tips: { label: 'Tips', text: 'Short guides to get more out of the service.' },
    },
    topics_note: 'Each topic is kept as you set it. With every topic off you get no newsletter; the “Send me the newsletter” switch on your profile stops or resumes it as a whole.',
    current_password: 'Current password',
    current_password_hint: 'Saving your profile needs your current password.',
    save: 'Save preferences',
    saved: 'Your preferences were saved.',
  },
  icons: {
    title: 'Icons',
    plans: 'Plan icons',
    app: 'App icons',
    names: {
      ticket: 'Ticket',
      finance: 'Finance',
      disk: 'Disk',
      notes: 'Notes',
      reader: 'Reader',
      user: 'User',
      settings: 'Settings',
      bell: 'Notifications',
    },
  },
  coming: {
    badge: 'Coming soon',
    list: 'Coming soon: {{modules}}.',
  },
  modules: {
    switch: 'Module',
    names: { ticket: 'Service orders', finance: 'Finance', disk: 'Disk', notes: 'Notes', reader: 'Reader' },
  },
  footer: { copyright: '© ServiceDesk', terms: 'Terms', privacy: 'Privacy', refund: 'Refunds', disclaimer: 'Disclaimer', icons: 'Icons' },
};
