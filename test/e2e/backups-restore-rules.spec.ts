import { createHash, randomBytes } from 'crypto';
import { mkdtemp, rm, stat } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { gzipSync } from 'zlib';
import * as tar from 'tar-stream';
import { createGroup, eventually, nextMail, signUp, Stack, startStack, User } from './harness';

// What a restore may do to a group (issue 25 items 2, 3, 7, 8 and 12), with hand-made archives uploaded through the
// gateway: it writes no blob that no file version names and counts every blob against the plan before writing (a 101 MB
// blob of zeros in a 100 kB upload is refused, not stored); it refuses an entry that is not a regular file (symlink,
// hard link); it makes no one an accepted member who is not one; a restore over the group that fails leaves the group
// as it was, whether the archive fails its check or a service refuses a page once the group was cleared; a restore into
// a new group that fails leaves no group behind, and an administrator can remove a failed restore's group.

let stack: Stack;
let dir: string;
let owner: User;
let member: User;
let stranger: User;
let g: string;
const GROUP = 'Restore rules shop';
const ids: Record<string, string> = {};

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const REV = `1-${'0'.repeat(32)}`;
const AT = '2026-01-01T00:00:00.000Z';

interface Entry {
  name: string;
  body?: string | Buffer;
  header?: Partial<tar.Headers>;
}

async function archiveOf(entries: Entry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name, ...e.header }, e.body ?? '');
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks), { level: 9 });
}

const manifest = (extra: Record<string, unknown> = {}): Entry => ({
  name: 'manifest.json',
  body: JSON.stringify({ format: 2, account_id: 'acc-handmade', name: 'Hand made', created_at: AT, app_version: '1', counts: {}, files: 0, bytes: 0, ...extra }),
});
const ndjson = (docs: object[]) => docs.map((d) => JSON.stringify(d)).join('\n') + '\n';
const customer = (id: string, name: string) => ({ _id: id, _rev: REV, klass: 'Customer', name, created_at: AT, updated_at: AT });

const upload = (user: User, accountId: string, query: string, bytes: Buffer) =>
  user.browser.request('POST', `/accounts/${accountId}/backups/upload?${query}`, { raw: bytes, contentType: 'application/gzip' });
const overG = `mode=replace&confirm=${encodeURIComponent(GROUP)}`;

/** The restore's record once it is done or failed. */
async function finished(user: User, accountId: string, started: { status: number; body: { _id: string } }) {
  expect([started.status, started.body]).toEqual([202, expect.objectContaining({ klass: 'BackupRestore' })]);
  const r = await eventually(
    () => user.browser.get(`/accounts/${accountId}/backups/restores/${started.body._id}`),
    (x) => x.body.status === 'done' || x.body.status === 'failed',
    90000,
  );
  return r.body as { status: string; error: string | null; target_account_id: string | null; files?: number; rolled_back?: boolean; group_removed?: boolean };
}

/** The groups a user is an accepted member of. */
async function groupsOf(userId: string): Promise<string[]> {
  const { rows } = await stack.pool.query<{ account_id: string }>(
    `SELECT account_id FROM accounts.documents WHERE klass = 'Subscription' AND NOT deleted AND body ->> 'user_id' = $1 AND body ->> 'status' = 'accepted' ORDER BY account_id`,
    [userId],
  );
  return rows.map((r) => r.account_id);
}

/** A blob is kept by the disk: its file, or its row among the orphans. */
async function blobKept(key: string): Promise<boolean> {
  const file = path.join(process.env.DISK_DATA_DIR!, 'blobs', key.slice(0, 2), key.slice(2, 4), key);
  const onDisk = await stat(file).then(() => true, () => false);
  const orphan = (await stack.pool.query(`SELECT 1 FROM disk.blob_orphans WHERE blob_key = $1`, [key])).rowCount! > 0;
  return onDisk || orphan;
}

/** The group's records the tests look at, as the API answers them (status and the fields that matter). */
async function groupState() {
  const get = async (id: string) => {
    const r = await owner.browser.get(`/${g}/${id}`);
    return r.status === 200 ? { status: 200, name: r.body.name, title: r.body.title, value: r.body.value } : { status: r.status };
  };
  return {
    customer: await get(ids.customer),
    ticket: await get(ids.ticket),
    phones: await get(ids.phones),
    memberReads: (await member.browser.get(`/${g}/${ids.ticket}`)).status,
    docs: Number((await stack.pool.query(`SELECT count(*)::int AS n FROM tickets.documents WHERE account_id = $1 AND NOT deleted`, [g])).rows[0].n),
  };
}

let before: Awaited<ReturnType<typeof groupState>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backups-rules-e2e-'));
  stack = await startStack('backups_rules', { BACKUP_DIR: dir });
  owner = await signUp(stack, { confirm: true });
  member = await signUp(stack, { confirm: true });
  stranger = await signUp(stack, { confirm: true });
  g = (await createGroup(owner, GROUP)).id;
  const seen = stack.sink.to(member.email).length;
  const invite = await owner.browser.post(`/${g}`, { klass: 'Subscription', email: member.email });
  expect(invite.status).toBe(201);
  await nextMail(stack, member.email, seen, (m) => m.subject.includes('invited you'));
  expect((await member.browser.put(`/${g}/_design/status/_update/accept/${invite.body.id}`)).status).toBe(200);
  ids.memberSub = invite.body.id;
  const post = async (doc: Record<string, unknown>) => {
    const res = await owner.browser.post(`/${g}`, doc);
    expect([res.status, res.body.reason]).toEqual([201, undefined]);
    return res.body.id as string;
  };
  ids.customer = await post({ klass: 'Customer', name: 'Maria Souza' });
  ids.ticket = await post({ klass: 'Ticket', title: 'Screen flickers', content: 'Flickers when warm', customer_id: ids.customer });
  ids.phones = await post({ klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify([{ id: 'p1', number: '+55 11 5555-0001', main: true }]) });
  before = await groupState();
  expect(before).toMatchObject({ customer: { status: 200, name: 'Maria Souza' }, ticket: { status: 200 }, phones: { status: 200 }, memberReads: 200 });
}, 120000);

afterAll(async () => {
  await stack?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a restore writes no bytes it cannot account for (item 2)', () => {
  it('refuses a blob that no file version names (422 blob-named-by-no-version), stores nothing and changes nothing', async () => {
    const bytes = randomBytes(4096);
    const archive = await archiveOf([manifest({ files: 1, bytes: bytes.length }), { name: `files/${sha(bytes)}`, body: bytes }, { name: 'files/versions.ndjson', body: '' }]);
    const r = await finished(owner, g, await upload(owner, g, overG, archive));
    expect(r).toMatchObject({ status: 'failed', error: JSON.stringify({ files: 'blob-named-by-no-version' }) });
    expect(await blobKept(sha(bytes))).toBe(false);
    expect(await groupState()).toEqual(before);
  }, 90000);

  it('refuses 101 MB of zeros in a 100 kB upload onto the Free plan (507) before storing a byte of it, and makes no group', async () => {
    const zeros = Buffer.alloc(101_000_000);
    const key = sha(zeros);
    // the manifest says nothing of it; no version names it
    const archive = await archiveOf([manifest(), { name: `files/${key}`, body: zeros }]);
    expect(archive.length).toBeLessThan(200_000);
    const groups = await groupsOf(owner.id);
    const r = await finished(owner, g, await upload(owner, g, 'mode=new', archive));
    expect(r).toMatchObject({ status: 'failed', error: 'backup-files-exceed-drive-storage', target_account_id: null });
    expect(await blobKept(key)).toBe(false);
    expect(await groupsOf(owner.id)).toEqual(groups);
  }, 90000);
});

describe('entries that are not regular files (item 12)', () => {
  it('refuses a symlink or a hard link with its reason and changes nothing', async () => {
    for (const header of [
      { type: 'symlink', linkname: '/etc/passwd' },
      { type: 'link', linkname: 'manifest.json' },
    ] as Array<Partial<tar.Headers>>) {
      const archive = await archiveOf([manifest(), { name: 'documents/tickets.ndjson', header }]);
      const r = await finished(owner, g, await upload(owner, g, overG, archive));
      expect([header.type, r.status, r.error]).toEqual([header.type, 'failed', JSON.stringify({ archive: 'archive-entry-not-a-regular-file' })]);
    }
    expect(await groupState()).toEqual(before);
    // a manifest that is a link is refused when the restore is asked
    const linked = await archiveOf([{ name: 'manifest.json', header: { type: 'symlink', linkname: '/etc/hostname' } }]);
    expect(await upload(owner, g, overG, linked)).toMatchObject({ status: 422, body: { reason: { archive: 'archive-entry-not-a-regular-file' } } });
  }, 90000);
});

describe('memberships (item 3)', () => {
  it('an uploaded archive brings back the members of the group, and makes anyone else only an invitee', async () => {
    const memberSub = (await stack.pool.query(`SELECT body FROM accounts.documents WHERE account_id = $1 AND id = $2`, [g, ids.memberSub])).rows[0].body;
    const forged = {
      _id: 'sub-forgedmembership0001',
      _rev: REV,
      klass: 'Subscription',
      account_id: 'acc-handmade',
      account_name: 'Hand made',
      user_id: stranger.id,
      user: { _id: stranger.id, email: stranger.email, fullname: null, label: 'victim' },
      email: stranger.email,
      status: 'accepted',
      admin: true,
      report_view: true,
      bookmark: false,
      all_notifications: false,
      ticket_created: true,
      comment_created: true,
      created_at: AT,
      updated_at: AT,
    };
    const archive = await archiveOf([
      manifest({ counts: { accounts: 2, tickets: 1 } }),
      { name: 'documents/accounts.ndjson', body: ndjson([memberSub, forged].sort((a, b) => (a._id < b._id ? -1 : 1))) },
      { name: 'documents/tickets.ndjson', body: ndjson([customer('cus-membersarchive0001', 'From the archive')]) },
    ]);
    const strangerGroups = await groupsOf(stranger.id);
    const r = await finished(owner, g, await upload(owner, g, 'mode=new', archive));
    expect(r).toMatchObject({ status: 'done', error: null });
    const target = r.target_account_id!;
    // the stranger is no member: an invitation to their address at most, which they may accept or not
    expect(await groupsOf(stranger.id)).toEqual(strangerGroups);
    expect((await stranger.browser.get(`/${target}/cus-membersarchive0001`)).status).toBe(403);
    const row = (await stack.pool.query(`SELECT body FROM accounts.documents WHERE account_id = $1 AND id = $2`, [target, forged._id])).rows[0]?.body;
    expect(row).toMatchObject({ status: 'pending', email: stranger.email, admin: false, report_view: true, account_id: target, invited_by_id: owner.id });
    expect([row.user_id, row.user]).toEqual([undefined, undefined]);
    // the group's member is one of the restored group
    expect((await member.browser.get(`/${target}/cus-membersarchive0001`)).body).toMatchObject({ name: 'From the archive' });
    expect(await groupsOf(member.id)).toContain(target);
  }, 90000);
});

describe('a restore over the group is all or nothing (item 7)', () => {
  it('an archive holding a document its service would refuse is refused before anything is cleared', async () => {
    const archive = await archiveOf([
      manifest({ counts: { tickets: 1, finance: 1 } }),
      { name: 'documents/tickets.ndjson', body: ndjson([customer('cus-fromthearchive0001', 'From the archive')]) },
      // a Customer is the tickets service's, not the finance service's
      { name: 'documents/finance.ndjson', body: ndjson([customer('cus-inthewrongplace01', 'Wrong service')]) },
    ]);
    const r = await finished(owner, g, await upload(owner, g, overG, archive));
    expect(r.status).toBe('failed');
    expect(r.error).toContain('finance');
    expect(await groupState()).toEqual(before);
    expect((await owner.browser.get(`/${g}/cus-fromthearchive0001`)).status).toBe(404);
  }, 90000);

  it('a restore that fails once the group was cleared puts every record back as it was', async () => {
    const phones = (await stack.pool.query(`SELECT body FROM accounts.documents WHERE account_id = $1 AND id = $2`, [g, ids.phones])).rows[0].body;
    const archive = await archiveOf([
      manifest({ counts: { accounts: 1, tickets: 2 } }),
      { name: 'documents/accounts.ndjson', body: ndjson([{ ...phones, value: JSON.stringify([{ id: 'p9', number: '+55 11 0000-0000', main: true }]) }]) },
      {
        name: 'documents/tickets.ndjson',
        // the tickets service refuses this page (its number counter cannot hold the number) once the group was cleared
        body: ndjson([customer('cus-fromthearchive0002', 'From the archive'), { _id: 'tkt-hugenumber000001', _rev: REV, klass: 'Ticket', title: 'Too far', number: 1e30, created_at: AT, updated_at: AT }]),
      },
    ]);
    const r = await finished(owner, g, await upload(owner, g, overG, archive));
    expect(r).toMatchObject({ status: 'failed', rolled_back: true });
    expect(await groupState()).toEqual(before);
    expect((await owner.browser.get(`/${g}/cus-fromthearchive0002`)).status).toBe(404);
  }, 90000);
});

describe('a failed restore into a new group leaves no group (item 8)', () => {
  it('an archive that fails its check makes no group', async () => {
    const archive = await archiveOf([manifest({ name: 'Never made' }), { name: 'documents/finance.ndjson', body: ndjson([customer('cus-inthewrongplace02', 'Wrong service')]) }]);
    const groups = await groupsOf(owner.id);
    const r = await finished(owner, g, await upload(owner, g, 'mode=new', archive));
    expect(r).toMatchObject({ status: 'failed', target_account_id: null });
    expect(await groupsOf(owner.id)).toEqual(groups);
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM accounts.documents WHERE klass = 'Account' AND NOT deleted AND body ->> 'name' = 'Never made (restored)'`)).rows[0].n).toBe(0);
  }, 90000);

  it('a restore that fails while writing removes the group it made', async () => {
    const archive = await archiveOf([
      manifest(),
      { name: 'documents/tickets.ndjson', body: ndjson([{ _id: 'tkt-hugenumber000002', _rev: REV, klass: 'Ticket', title: 'Too far', number: 1e30, created_at: AT, updated_at: AT }]) },
    ]);
    const groups = await groupsOf(owner.id);
    const r = await finished(owner, g, await upload(owner, g, 'mode=new', archive));
    expect(r).toMatchObject({ status: 'failed', group_removed: true });
    expect(r.target_account_id).toMatch(/^acc-/);
    expect(await groupsOf(owner.id)).toEqual(groups);
    expect((await owner.browser.get(`/accounts/${r.target_account_id}`)).status).toBe(403);
  }, 90000);

  it("an administrator removes the group of a failed restore that the job could not remove (and nothing else's)", async () => {
    const archive = await archiveOf([manifest(), { name: 'documents/tickets.ndjson', body: ndjson([customer('cus-leftbehind000001', 'Left behind')]) }]);
    const started = await upload(owner, g, 'mode=new', archive);
    const r = await finished(owner, g, started);
    expect(r.status).toBe('done');
    const target = r.target_account_id!;
    const removeGroup = (user: User, id = started.body._id) => user.browser.delete(`/accounts/${g}/backups/restores/${id}/group`);
    // a restore that did not fail keeps its group
    expect(await removeGroup(owner)).toMatchObject({ status: 409 });
    // as if the job had failed and could not remove the group it made (the services away)
    await stack.pool.query(
      `UPDATE accounts.documents SET body = body || '{"status": "failed", "error": "simulated"}'::jsonb WHERE account_id = $1 AND id = $2`,
      [g, started.body._id],
    );
    expect(await groupsOf(owner.id)).toContain(target);
    expect((await removeGroup(member)).status).toBe(403);
    const removed = await removeGroup(owner);
    expect(removed).toMatchObject({ status: 200, body: { _id: started.body._id, status: 'failed', group_removed: true } });
    expect(await groupsOf(owner.id)).not.toContain(target);
    expect((await owner.browser.get(`/${target}/cus-leftbehind000001`)).status).toBe(403);
    expect((await owner.browser.get(`/${g}/${ids.customer}`)).status).toBe(200);
    expect(await removeGroup(owner)).toMatchObject({ status: 409 });
  }, 90000);
});
