import { AppError } from '@app/proto';
import { accountsDocToRestore, archiveFile, checkConfirm, checkDriveRoom, downloadName, expiredBackups, isDue, readManifest, restoredName } from './backup.rules';

const now = new Date('2026-03-31T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3600 * 1000).toISOString();

describe('isDue', () => {
  it('is due when a group has never had a scheduled backup, whatever its plan', () => {
    for (const plan of ['free', 'pro', 'corp']) expect(isDue(plan, null, now)).toBe(true);
  });

  it('free is due after 30 days, pro after 7, corp after 1, and not before', () => {
    expect(isDue('free', daysAgo(29), now)).toBe(false);
    expect(isDue('free', daysAgo(30), now)).toBe(true);
    expect(isDue('pro', daysAgo(6), now)).toBe(false);
    expect(isDue('pro', daysAgo(7), now)).toBe(true);
    expect(isDue('corp', daysAgo(0.5), now)).toBe(false);
    expect(isDue('corp', daysAgo(1), now)).toBe(true);
  });

  it('counts a backup started a little later yesterday as a day ago (the scheduler drifts)', () => {
    expect(isDue('corp', new Date(now.getTime() - 23.5 * 3600 * 1000).toISOString(), now)).toBe(true);
  });

  it('never backs up a locked group or one without a plan', () => {
    expect(isDue('locked', null, now)).toBe(false);
    expect(isDue(undefined, null, now)).toBe(false);
  });
});

describe('expiredBackups', () => {
  const rec = (id: string, d: number, status = 'done') => ({ _id: id, status, created_at: daysAgo(d) });

  it('keeps the newest N finished archives and returns the older ones', () => {
    const records = [rec('a', 5), rec('b', 1), rec('c', 3), rec('d', 2), rec('e', 4)];
    expect(expiredBackups(records, 3).map((r) => r._id)).toEqual(['e', 'a']);
  });

  it('never returns a queued or running archive, and counts failed ones as finished', () => {
    const records = [rec('q', 9, 'queued'), rec('r', 8, 'running'), rec('f', 0, 'failed'), rec('d', 1)];
    expect(expiredBackups(records, 1).map((r) => r._id)).toEqual(['d']);
  });

  it('returns nothing while there are N or fewer', () => {
    expect(expiredBackups([rec('a', 1), rec('b', 2)], 5)).toEqual([]);
  });
});

describe('names and confirmation', () => {
  it('names a restored group "<name> (restored)" within 200 characters', () => {
    expect(restoredName('Repairs')).toBe('Repairs (restored)');
    expect(restoredName('x'.repeat(300))).toHaveLength(200);
  });

  it('accepts the exact group name as confirmation and refuses anything else with 422', () => {
    expect(() => checkConfirm('Repairs', ' Repairs ')).not.toThrow();
    for (const wrong of ['repairs', '', undefined, 42]) {
      try {
        checkConfirm('Repairs', wrong);
        throw new Error('accepted');
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).status).toBe(422);
      }
    }
  });

  it('offers a download under a safe name with the date, and files archives by id only', () => {
    expect(downloadName('Oficina São João / 2', '2026-03-01T10:00:00Z')).toBe('Oficina-Sao-Joao-2-2026-03-01.tar.gz');
    expect(archiveFile('bak-0123456789abcdef0123')).toBe('bak-0123456789abcdef0123.tar.gz');
    expect(() => archiveFile('../etc/passwd')).toThrow();
  });
});

describe('readManifest', () => {
  const manifest = { format: 1, account_id: 'acc-1', name: 'G', created_at: '2026-01-01T00:00:00Z', app_version: '1', counts: { tickets: 2 } };

  it('reads a format 1 manifest (no files: 0 of them, 0 bytes)', () => {
    expect(readManifest(JSON.stringify(manifest))).toEqual({ ...manifest, files: 0, bytes: 0 });
  });

  it('reads a format 2 manifest with its files and bytes', () => {
    const two = { ...manifest, format: 2, files: 3, bytes: 1234 };
    expect(readManifest(JSON.stringify(two))).toEqual(two);
  });

  it('refuses another format with 422 unknown-backup-format', () => {
    for (const format of [0, 3, '2', null]) {
      expect(() => readManifest(JSON.stringify({ ...manifest, format }))).toThrow(expect.objectContaining({ status: 422, reason: { format: 'unknown-backup-format' } }));
    }
  });

  it('refuses text that is not a manifest with 422 not-a-backup-archive', () => {
    expect(() => readManifest('nope')).toThrow(expect.objectContaining({ status: 422, reason: { archive: 'not-a-backup-archive' } }));
    expect(() => readManifest(JSON.stringify({ format: 1 }))).toThrow(expect.objectContaining({ status: 422, reason: { archive: 'not-a-backup-archive' } }));
  });
});

describe('checkDriveRoom', () => {
  it("takes files up to the plan's drive storage (free 100 MB, pro and corp 1 GB; an unknown plan the free one's)", () => {
    expect(() => checkDriveRoom(100_000_000, 'free')).not.toThrow();
    expect(() => checkDriveRoom(1_000_000_000, 'pro')).not.toThrow();
    expect(() => checkDriveRoom(1_000_000_000, 'corp')).not.toThrow();
    expect(() => checkDriveRoom(0, undefined)).not.toThrow();
  });

  it('refuses more with 507 backup-files-exceed-drive-storage', () => {
    const refused = expect.objectContaining({ status: 507, reason: 'backup-files-exceed-drive-storage' });
    expect(() => checkDriveRoom(100_000_001, 'free')).toThrow(refused);
    expect(() => checkDriveRoom(1_000_000_001, 'pro')).toThrow(refused);
    expect(() => checkDriveRoom(100_000_001, 'server')).toThrow(refused);
    expect(() => checkDriveRoom(100_000_001, null)).toThrow(refused);
  });
});

describe('accountsDocToRestore', () => {
  const target = { account_id: 'acc-new', name: 'G (restored)', mode: 'new' as const, caller_id: 'usr-me' };
  const inviter = { user_id: 'usr-me', user: { email: 'me@example.com', fullname: 'Ana Lima', label: 'Ana Lima', gravatar_hash: 'abc', confirmed: true } };
  /** a listed backup of the group: the server wrote it, its memberships are its members' */
  const listed = { members: null, inviter };
  /** an uploaded archive, asked by a group whose accepted members are usr-b and the caller */
  const uploaded = { members: new Set(['usr-b', 'usr-me']), inviter };
  const doc = (fields: Record<string, unknown>) => ({ _id: 'x-1', _rev: '1-a', klass: 'Phone', ...fields });

  it('leaves out the archived Account in a new group and writes it over the same group, with its creator and creation time as they are', () => {
    const account = doc({ _id: 'acc-old', klass: 'Account', name: 'G', created_by: 'usr-me', created_at: '2025-01-01T00:00:00.000Z' });
    const over = { ...target, account_id: 'acc-old', mode: 'replace' as const };
    expect(accountsDocToRestore(account, target, listed)).toBeNull();
    expect(accountsDocToRestore(account, over, { ...listed, account: { created_by: 'usr-me', created_at: '2025-01-01T00:00:00.000Z' } })).toBe(account);
    // an archive can't name another creator (the creator stays an administrator and can't be removed)
    const forged = doc({ _id: 'acc-old', klass: 'Account', name: 'G2', created_by: 'usr-victim', created_at: '2020-01-01T00:00:00.000Z' });
    expect(accountsDocToRestore(forged, over, { ...uploaded, account: { created_by: 'usr-me', created_at: '2025-01-01T00:00:00.000Z' } })).toEqual({
      ...forged,
      created_by: 'usr-me',
      created_at: '2025-01-01T00:00:00.000Z',
    });
  });

  it("leaves the server's settings (plan, payment, creator) to the target and restores the others", () => {
    expect(accountsDocToRestore(doc({ klass: 'AccountConfiguration', key: 'confirmed-plan', value: 'pro' }), target, listed)).toBeNull();
    expect(accountsDocToRestore(doc({ klass: 'AccountConfiguration', key: 'platform_customer_id', value: 'cus_1' }), target, listed)).toBeNull();
    const budget = doc({ klass: 'AccountConfiguration', key: 'budget', value: false });
    expect(accountsDocToRestore(budget, target, listed)).toBe(budget);
  });

  it("keeps the caller's own membership out and points the others at the target group", () => {
    expect(accountsDocToRestore(doc({ klass: 'Subscription', user_id: 'usr-me', account_id: 'acc-old' }), target, listed)).toBeNull();
    for (const trust of [listed, uploaded]) {
      expect(accountsDocToRestore(doc({ klass: 'Subscription', user_id: 'usr-b', status: 'accepted', admin: true, account_id: 'acc-old', account_name: 'G' }), target, trust)).toMatchObject({
        account_id: 'acc-new',
        account_name: 'G (restored)',
        user_id: 'usr-b',
        status: 'accepted',
        admin: true,
      });
    }
  });

  it('makes a user who is not a member of the group that asks only an invitee: no user, pending, no administrator right', () => {
    const forged = doc({
      _id: 'sub-1',
      _rev: '3-b',
      klass: 'Subscription',
      user_id: 'usr-victim',
      user: { _id: 'usr-victim', email: 'victim@example.com', fullname: null, label: 'v' },
      email: 'Victim@Example.com',
      status: 'accepted',
      admin: true,
      report_view: true,
      account_id: 'acc-x',
      account_name: 'X',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const out = accountsDocToRestore(forged, target, uploaded)!;
    expect(out).toMatchObject({
      _id: 'sub-1',
      _rev: '3-b',
      klass: 'Subscription',
      account_id: 'acc-new',
      account_name: 'G (restored)',
      email: 'victim@example.com',
      status: 'pending',
      admin: false,
      report_view: true,
      invited_by_id: 'usr-me',
      invited_by: { _id: 'usr-me', label: 'Ana Lima', gravatar_hash: 'abc' },
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(out).not.toHaveProperty('user_id');
    expect(out).not.toHaveProperty('user');
    // a pending one with a user id, too; one without an address is left out
    expect(accountsDocToRestore({ ...forged, status: 'pending' }, target, uploaded)).toMatchObject({ status: 'pending', email: 'victim@example.com' });
    expect(accountsDocToRestore({ ...forged, user_id: undefined, status: 'accepted' }, target, uploaded)).toMatchObject({ status: 'pending' });
    expect(accountsDocToRestore({ ...forged, email: 'not an address' }, target, uploaded)).toBeNull();
    // over the group as well
    expect(accountsDocToRestore(forged, { ...target, account_id: 'acc-old', mode: 'replace' }, uploaded)).toMatchObject({ status: 'pending', account_id: 'acc-old' });
    // the server's own archive of the group: its members then come back as they were
    expect(accountsDocToRestore(forged, target, listed)).toMatchObject({ user_id: 'usr-victim', status: 'accepted' });
  });

  it('keeps an invitation an invitation', () => {
    const invitation = doc({ klass: 'Subscription', email: 'new@example.com', status: 'pending', admin: false, account_id: 'acc-new', account_name: 'G (restored)' });
    expect(accountsDocToRestore(invitation, target, uploaded)).toBe(invitation);
  });

  it('writes tombstones into a new group only', () => {
    const tomb = doc({ klass: 'Subscription', _deleted: true });
    expect(accountsDocToRestore(tomb, target, uploaded)).toBe(tomb);
    expect(accountsDocToRestore(tomb, { ...target, mode: 'replace' }, uploaded)).toBeNull();
  });
});
