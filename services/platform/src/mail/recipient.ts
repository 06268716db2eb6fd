import addressparser from 'nodemailer/lib/addressparser';

/**
 * The one recipient of a mail job, or null when `to` is anything else: a list (`,` or `;`), a group, a display name or
 * comment, angle brackets, white space or control characters. Mails carry text users chose (a name, a group's name),
 * so a mail must never reach several addresses or an address other than the one that was checked.
 */
export function singleRecipient(to: string): string | null {
  if (!to || /[\s\p{Cc}]/u.test(to)) return null;
  const parsed = addressparser(to);
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if (!('address' in only) || only.name !== '' || only.address !== to || !to.includes('@')) return null;
  return only.address;
}
