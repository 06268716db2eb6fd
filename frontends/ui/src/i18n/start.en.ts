// English texts of the first landing after login (merged into the resources as `start.*`): a user without a group
// who has not confirmed the e-mail, or who has invitations waiting.
export const startEn = {
  confirm: {
    title: 'Confirm your e-mail address first',
    sent_to: 'We sent a confirmation link to {{email}}. Open it to confirm your address.',
    invitations:
      'If someone invited you to their group, you don’t need to create one: their invitation shows here once you confirm your address.',
    resend: 'Send the confirmation e-mail again',
    resent: 'A new confirmation e-mail is on its way to {{email}}.',
    check_again: 'I have confirmed it',
    own_group: 'Starting your own shop? Create a group profile',
  },
  invitations: {
    title: 'You have been invited',
    detail: 'Accept an invitation to join the group and open its dashboard.',
    own_group: 'Or create a group profile of your own',
  },
};
