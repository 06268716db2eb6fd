// How a person is named in records other people read, without I/O. Every service that copies someone's name into a
// shared record, or shows one, uses these: an e-mail address reaches only its owner and a group's administrators.

/** Characters that end an address inside a longer text ("Bob <bob@example.com>", "a@b.c, d@e.f"). */
const ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;

/**
 * Someone's address as others see it: the first character of its local part, an ellipsis and the domain
 * (`bob@example.com` → `b…@example.com`). Idempotent: a masked address stays as it is.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '…';
  const first = Array.from(email.slice(0, at).trim())[0] ?? '';
  return `${first}…@${email.slice(at + 1).trim()}`;
}

/** The text with every address in it masked (maskEmail); the text itself when it holds none. */
export function maskAddresses(text: string): string {
  return text.includes('@') ? text.replace(ADDRESS, (address) => maskEmail(address)) : text;
}

/** The label stored for a person in records others read: the full name, else the masked address. */
export function publicLabel(fullname: string | null | undefined, email: string): string {
  return fullname && fullname.trim() ? fullname : maskEmail(email);
}
