// The app's confirm dialog (components/ConfirmDialog.tsx): what deleting a record, a phone or an address, or removing
// a member asks first. `name` is the record's own name or label.
export const confirmEn = {
  delete_title: 'Delete this record?',
  delete_message: 'This deletes “{{name}}” for everyone in the group. It cannot be undone.',
  delete: 'Delete',
  cancel: 'Cancel',
  phone_title: 'Delete this phone?',
  address_title: 'Delete this address?',
  remove_member_title: 'Remove this member?',
  remove_member_message: 'This removes “{{name}}” from the group: they lose access to its records.',
  remove: 'Remove',
};
