import type { CallerUser } from '@app/proto';
import { isInstallAdmin, parseInstallAdmins } from './install-admins';

// INSTALL_ADMINS: who administers the installation (the job queues' dashboard).

const user = (email: string, confirmed = true): CallerUser => ({ email, confirmed, fullname: null, label: email, gravatar_hash: '' });

describe('installation administrators', () => {
  it('reads a comma list of e-mails, trimmed and lower-cased, ignoring what is not an address', () => {
    expect([...parseInstallAdmins(' Ops@Example.com, root@shop.test ,,not-an-email, a@b@c ')]).toEqual(['ops@example.com', 'root@shop.test']);
    expect(parseInstallAdmins(undefined).size).toBe(0);
    expect(parseInstallAdmins('').size).toBe(0);
  });

  it('admits a listed confirmed e-mail whatever its case, and nobody else', () => {
    const admins = parseInstallAdmins('ops@example.com');
    expect(isInstallAdmin(user('OPS@example.com'), admins)).toBe(true);
    expect(isInstallAdmin(user('ops@example.com', false), admins)).toBe(false);
    expect(isInstallAdmin(user('other@example.com'), admins)).toBe(false);
    expect(isInstallAdmin(undefined, admins)).toBe(false);
    expect(isInstallAdmin(user('ops@example.com'), parseInstallAdmins(''))).toBe(false);
  });
});
