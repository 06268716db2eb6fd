import type { CallerUser } from '@app/proto';

// The installation's administrators (docs/decisions.md, Metrics): the people who run the servers, not the owners of a
// group. They are named by e-mail in INSTALL_ADMINS; the app has no such role of its own (spec §3 knows groups' admins
// only), and a setting keeps it with whoever deploys.

/** INSTALL_ADMINS: a comma list of e-mails, compared without case; entries without an @ are ignored. */
export function parseInstallAdmins(value: string | undefined): ReadonlySet<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => /^[^@\s]+@[^@\s]+$/.test(e)),
  );
}

/** A signed-in user whose confirmed e-mail is listed (an unconfirmed address proves nothing about who holds it). */
export function isInstallAdmin(user: CallerUser | undefined, admins: ReadonlySet<string>): boolean {
  return !!user && user.confirmed && admins.has(user.email.trim().toLowerCase());
}
