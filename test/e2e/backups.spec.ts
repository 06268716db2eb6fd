import { createHash, randomBytes } from 'crypto';
import { mkdtemp, rm, stat } from 'fs/promises';
import { request as httpRequest } from 'http';
import { tmpdir } from 'os';
import path from 'path';
import { Readable } from 'stream';
import { gunzipSync, gzipSync } from 'zlib';
import { Queue } from 'bullmq';
import * as tar from 'tar-stream';
import { internalSecret, loadConfig, RpcClient, signCaller } from '@app/platform';
import { BACKUP_DOCUMENTS_ROOM_BYTES, BACKUP_UPLOAD_MAX_BYTES, DRIVE_STORAGE_BYTES, type CallerContext } from '@app/proto';
import { FeedServer, rss } from './fixtures/reader-feeds';
import { createGroup, createToken, eventually, nextMail, signUp, Stack, startStack, switchModuleOn, User } from './harness';

// Backups and restore (spec §6/§9, issue 17) over HTTP: an administrator backs a group up (tickets, customers,
// equipment, a wallet, members, settings, a deleted record, a disk file with two versions and a file in the trash),
// downloads the archive, restores it into a new group (the same ids and contents, the files' bytes) and over the same
// group after changes (the archived state back), uploads an archive; members who are not administrators are refused;
// an archive of another format is 422, one of format 1 (no files) still restores; files beyond the drive storage are
// 507; the disk's internal blob routes take only the service's signed requests and bytes that match their key; the
// scheduler picks a due group once; the owner's combined archive holds every group they administer. Documents are
// compared as stored, in each service's table; files byte for byte.

const SCHEMAS = ['accounts', 'tickets', 'finance', 'disk', 'notes', 'reader'] as const;

interface Row {
  id: string;
  rev: string;
  deleted: boolean;
  body: Record<string, unknown>;
}

let stack: Stack;
let dir: string;
let owner: User;
let member: User;
let token: string;
let acc: string;
const ids: Record<string, string> = {};
/** the bytes of the manual's two versions and of the file in the trash */
const manualV1 = randomBytes(150_000);
const manualV2 = randomBytes(70_000);
const trashed = randomBytes(20_000);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function rows(schema: string, accountId: string): Promise<Row[]> {
  const { rows: found } = await stack.pool.query<Row>(
    `SELECT id, rev, deleted, body FROM "${schema}".documents WHERE account_id = $1 AND klass NOT IN ('Backup', 'BackupRestore') ORDER BY id`,
    [accountId],
  );
  return found;
}

async function snapshot(accountId: string): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const s of SCHEMAS) out[s] = await rows(s, accountId);
  return out;
}

async function backupNow(user: User, accountId: string) {
  const made = await user.browser.post(`/accounts/${accountId}/backups`);
  expect(made).toMatchObject({ status: 202, body: { klass: 'Backup', kind: 'manual', status: 'queued' } });
  const list = await eventually(
    () => user.browser.get(`/accounts/${accountId}/backups`),
    (r) => r.body.docs?.some((d: { _id: string; status: string }) => d._id === made.body._id && d.status !== 'queued' && d.status !== 'running'),
    30000,
  );
  const done = list.body.docs.find((d: { _id: string }) => d._id === made.body._id);
  expect(done).toMatchObject({ status: 'done', error: null });
  return done as { _id: string; size: number; counts: Record<string, number> };
}

async function restoreDone(user: User, accountId: string, reply: { status: number; body: { _id: string } }) {
  expect(reply.status).toBe(202);
  const r = await eventually(
    () => user.browser.get(`/accounts/${accountId}/backups/restores/${reply.body._id}`),
    (x) => x.body.status === 'done' || x.body.status === 'failed',
    60000,
  );
  expect(r.body).toMatchObject({ status: 'done', error: null });
  return r.body as { target_account_id: string; counts: Record<string, number> };
}

async function download(pathname: string, bearer = token): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(stack.url + pathname, { headers: { authorization: `Bearer ${bearer}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A file's bytes from the group's disk (`?version=N` for an older one): its status and bytes. */
const fileBytes = (accountId: string, fileId: string, query = '', bearer = token) => download(`/files/${accountId}/${fileId}${query}`, bearer);

/** A new file, or a new version of the file of that name, in the group's disk root. */
async function putFile(accountId: string, name: string, bytes: Buffer, bearer = token): Promise<{ id: string; version: number }> {
  const res = await fetch(`${stack.url}/files/${accountId}/content?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/pdf' },
    body: bytes,
  });
  expect([200, 201]).toContain(res.status);
  return (await res.json()) as { id: string; version: number };
}

const diskView = (user: User, accountId: string, name: string, key?: string) =>
  user.browser.get(`/${accountId}/_design/disk/_view/${name}${key ? `?key=${encodeURIComponent(JSON.stringify(key))}` : ''}`).then((r) => r.body.rows as Array<{ key: unknown; value: Record<string, unknown> }>);

async function entries(archive: Buffer): Promise<Map<string, Buffer>> {
  const extract = tar.extract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  const out = new Map<string, Buffer>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry) chunks.push(c as Buffer);
    out.set(entry.header.name, Buffer.concat(chunks));
  }
  return out;
}

const text = (files: Map<string, Buffer>, name: string) => files.get(name)!.toString('utf8');

async function archiveOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, text] of Object.entries(files)) pack.entry({ name }, text);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

const upload = (user: User, accountId: string, query: string, bytes: Buffer) =>
  user.browser.request('POST', `/accounts/${accountId}/backups/upload?${query}`, { raw: bytes, contentType: 'application/gzip' });

/** Row bodies without the revision (a restore over the group writes the archived bodies as new revisions). */
const withoutRev = (rs: Row[]) => rs.map((r) => ({ id: r.id, deleted: r.deleted, body: { ...r.body, _rev: undefined } }));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backups-e2e-'));
  stack = await startStack('backups', { BACKUP_DIR: dir, BACKUP_KEEP: '3', READER_ALLOW_PRIVATE_URLS: '1' });
  owner = await signUp(stack, { confirm: true });
  member = await signUp(stack, { confirm: true });
  token = await createToken(owner);
  acc = (await createGroup(owner, 'Oficina Central')).id;

  // a member who is not an administrator
  const seen = stack.sink.to(member.email).length;
  const invite = await owner.browser.post(`/${acc}`, { klass: 'Subscription', email: member.email });
  expect(invite.status).toBe(201);
  await nextMail(stack, member.email, seen, (m) => m.subject.includes('invited you'));
  expect((await member.browser.put(`/${acc}/_design/status/_update/accept/${invite.body.id}`)).status).toBe(200);

  // tickets, customers, equipment, a wallet, settings, and a deleted customer (a tombstone)
  const post = async (doc: Record<string, unknown>) => {
    const res = await owner.browser.post(`/${acc}`, doc);
    expect({ status: res.status, body: res.status === 201 ? 'created' : res.body }).toEqual({ status: 201, body: 'created' });
    return res.body as { id: string; rev: string };
  };
  ids.customer = (await post({ klass: 'Customer', name: 'Maria Souza' })).id;
  ids.equipment = (await post({ klass: 'Equipment', identifier: 'NB-0042', customer_id: ids.customer })).id;
  ids.ticket = (await post({ klass: 'Ticket', title: 'Screen flickers', content: 'Flickers when warm', customer_id: ids.customer, equipment_id: ids.equipment })).id;
  ids.wallet = (await post({ klass: 'Wallet', name: 'Cash', currency: 'BRL', start_balance: 1000 })).id;
  ids.phones = (await post({ klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify([{ id: 'p1', number: '+55 11 5555-0001', main: true }]) })).id;
  const gone = await post({ klass: 'Customer', name: 'Left us' });
  expect((await owner.browser.delete(`/${acc}/${gone.id}?rev=${gone.rev}`)).status).toBe(200);
  ids.gone = gone.id;
  const checklist = (await owner.browser.post(`/${acc}/_find`, { selector: { klass: 'AccountConfiguration', key: 'checklist' } })).body.docs[0];
  expect((await owner.browser.put(`/${acc}/${checklist._id}?rev=${checklist._rev}`, { value: true })).status).toBe(200);

  // the disk: a file with two versions, and a file in the trash
  ids.manual = (await putFile(acc, 'manual.pdf', manualV1)).id;
  expect(await putFile(acc, 'manual.pdf', manualV2)).toEqual(expect.objectContaining({ id: ids.manual, version: 2 }));
  ids.trashed = (await putFile(acc, 'old.pdf', trashed)).id;
  expect((await owner.browser.put(`/${acc}/_design/disk/_update/trash/${ids.trashed}`)).status).toBe(200);
}, 120000);

afterAll(async () => {
  await stack?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('backups of a group', () => {
  let archived: Record<string, Row[]>;
  let archivedUsage: Record<string, unknown>;
  let backupId: string;
  let archive: Buffer;

  it('an administrator backs the group up now; it is listed done with its size, the documents per service and the files', async () => {
    archived = await snapshot(acc);
    archivedUsage = (await diskView(owner, acc, 'usage'))[0].value;
    expect(archivedUsage).toMatchObject({ bytes: manualV1.length + manualV2.length + trashed.length });
    const done = await backupNow(owner, acc);
    backupId = done._id;
    expect(done.size).toBeGreaterThan(manualV1.length + manualV2.length + trashed.length);
    expect(done.counts).toEqual(Object.fromEntries(SCHEMAS.map((s) => [s, archived[s].length])));
    expect(done.counts.tickets).toBe(4); // two customers (one deleted), the equipment, the ticket
    expect(done).toMatchObject({ files: 3, file_bytes: manualV1.length + manualV2.length + trashed.length });
  }, 60000);

  it('the archive downloads as tar.gz with a format 2 manifest, each file version\'s bytes once, the versions, and one line per stored document, tombstones included', async () => {
    const res = await download(`/accounts/${acc}/backups/${backupId}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Oficina-Central-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    archive = res.bytes;
    const files = await entries(archive);
    const blobs = [manualV1, manualV2, trashed].map(sha).sort();
    expect([...files.keys()]).toEqual(['manifest.json', ...blobs.map((k) => `files/${k}`), 'files/versions.ndjson', ...SCHEMAS.map((s) => `documents/${s}.ndjson`)]);
    expect(JSON.parse(text(files, 'manifest.json'))).toMatchObject({
      format: 2,
      account_id: acc,
      name: 'Oficina Central',
      counts: { tickets: 4 },
      files: 3,
      bytes: manualV1.length + manualV2.length + trashed.length,
    });
    for (const bytes of [manualV1, manualV2, trashed]) expect(files.get(`files/${sha(bytes)}`)!.equals(bytes)).toBe(true);
    const versions = text(files, 'files/versions.ndjson').trim().split('\n').map((l) => JSON.parse(l));
    expect(versions.map((v) => [v.file_id, v.version, v.blob_key, v.size]).sort()).toEqual(
      [
        [ids.manual, 1, sha(manualV1), manualV1.length],
        [ids.manual, 2, sha(manualV2), manualV2.length],
        [ids.trashed, 1, sha(trashed), trashed.length],
      ].sort(),
    );
    const tickets = text(files, 'documents/tickets.ndjson').trim().split('\n').map((l) => JSON.parse(l));
    expect(tickets).toEqual(archived.tickets.map((r) => r.body));
    expect(tickets.find((d) => d._id === ids.gone)).toMatchObject({ _deleted: true });
  });

  it("tells the shell to show the adminnoop entry outside production, the upload's bound and how many archives are kept", async () => {
    expect(await owner.browser.get('/backups/settings')).toMatchObject({ status: 200, body: { entry: true, upload_max_bytes: BACKUP_UPLOAD_MAX_BYTES, keep: 3 } });
    // the default takes a full pro group's archive back: its drive storage and room for the documents
    expect(BACKUP_UPLOAD_MAX_BYTES).toBeGreaterThanOrEqual(DRIVE_STORAGE_BYTES.pro + BACKUP_DOCUMENTS_ROOM_BYTES);
    expect((await stack.browser().get('/backups/settings')).status).toBe(401);
  });

  it('lists the backups routes in the OpenAPI document', async () => {
    const paths = Object.keys((await stack.browser().get('/api/docs-json')).body.paths);
    for (const route of [
      '/accounts/{account_id}/backups',
      '/accounts/{account_id}/backups/{backup_id}/download',
      '/accounts/{account_id}/backups/{backup_id}/restore',
      '/accounts/{account_id}/backups/upload',
      '/accounts/{account_id}/backups/restores/{restore_id}',
      '/accounts/{account_id}/backups/restores/{restore_id}/group',
      '/backups/combined',
      '/backups/combined/download',
      '/backups/settings',
    ])
      expect(paths).toContain(route);
  });

  it('keeps the backup records out of the document API (they are served by the backups routes only)', async () => {
    expect((await owner.browser.post(`/${acc}/_find`, { selector: { klass: 'Backup' } })).status).toBe(400);
    expect((await owner.browser.get(`/${acc}/${backupId}`)).status).toBe(404);
    expect((await owner.browser.put(`/${acc}/${backupId}`, { status: 'done' })).status).toBe(404);
  });

  it('a member who is not an administrator can neither list, back up, download nor restore (403)', async () => {
    expect(await member.browser.get(`/accounts/${acc}/backups`)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(await member.browser.post(`/accounts/${acc}/backups`)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await member.browser.get(`/accounts/${acc}/backups/${backupId}/download`)).status).toBe(403);
    expect(await member.browser.post(`/accounts/${acc}/backups/${backupId}/restore`, { mode: 'new' })).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await upload(member, acc, 'mode=new', archive)).status).toBe(403);
  });

  it('a restore into a new group gives back every document of the modules with the same ids, revisions and contents, and the members and settings', async () => {
    const started = await owner.browser.post(`/accounts/${acc}/backups/${backupId}/restore`, { mode: 'new' });
    expect(started.body).toMatchObject({ klass: 'BackupRestore', mode: 'new', status: 'queued' });
    const { target_account_id: target } = await restoreDone(owner, acc, started);
    expect(target).not.toBe(acc);
    expect((await owner.browser.get(`/accounts/${target}`)).body).toMatchObject({ name: 'Oficina Central (restored)', 'confirmed-plan': 'free' });

    const restored = await snapshot(target);
    for (const s of ['tickets', 'finance', 'disk', 'notes', 'reader']) expect(restored[s]).toEqual(archived[s]);
    // the accounts service's own: the member's membership (same id, now naming the new group) and the settings
    const byId = new Map(restored.accounts.map((r) => [r.id, r]));
    const memberSub = archived.accounts.find((r) => r.body.klass === 'Subscription' && r.body.user_id === member.id)!;
    expect(byId.get(memberSub.id)!.body).toEqual({ ...memberSub.body, _rev: expect.stringMatching(/^\d+-/), account_id: target, account_name: 'Oficina Central (restored)' });
    for (const setting of archived.accounts.filter((r) => r.body.klass === 'AccountConfiguration' && ['phones', 'checklist', 'budget'].includes(r.body.key as string))) {
      expect(byId.get(setting.id)).toEqual(setting);
    }
    // and through the API: the member reads the ticket in the new group, the owner administers it
    expect((await member.browser.get(`/${target}/${ids.ticket}`)).body).toMatchObject({ _id: ids.ticket, title: 'Screen flickers' });
    expect((await owner.browser.get(`/${target}/${ids.gone}`)).status).toBe(404);
    expect((await owner.browser.get(`/accounts/${target}/backups`)).status).toBe(200);
    // the restored group goes on numbering its tickets after the restored ones (its counter follows the restore)
    const restoredTicket = (await member.browser.get(`/${target}/${ids.ticket}`)).body;
    const next = await owner.browser.post(`/${target}`, { klass: 'Ticket', title: 'After the restore', content: 'new' });
    expect([next.status, next.body.reason]).toEqual([201, undefined]);
    expect((await owner.browser.get(`/${target}/${next.body.id}`)).body.number).toBe(Math.max(...restored.tickets.filter((r) => r.body.klass === 'Ticket' && !r.deleted).map((r) => Number(r.body.number))) + 1);
    expect(restoredTicket.number).toBeGreaterThan(0);
    // the disk's files: the same bytes, the older version and the trashed file's too, and the same use of the drive
    expect((await fileBytes(target, ids.manual)).bytes.equals(manualV2)).toBe(true);
    expect((await fileBytes(target, ids.manual, '?version=1')).bytes.equals(manualV1)).toBe(true);
    expect((await fileBytes(target, ids.trashed)).bytes.equals(trashed)).toBe(true);
    expect((await diskView(owner, target, 'versions', ids.manual)).map((r) => [r.key, r.value.size, r.value.current])).toEqual([
      [2, manualV2.length, true],
      [1, manualV1.length, false],
    ]);
    expect((await diskView(owner, target, 'usage'))[0].value).toEqual(archivedUsage);
    expect(started.body.target_account_id).toBeNull(); // the job makes the group once the archive is checked
    const record = (await owner.browser.get(`/accounts/${acc}/backups/restores/${started.body._id}`)).body;
    expect(record).toMatchObject({ files: 3 });
  }, 90000);

  it('a restore over the group asks for its exact name (422 otherwise)', async () => {
    expect(await owner.browser.post(`/accounts/${acc}/backups/${backupId}/restore`, { mode: 'replace', confirm: 'oficina central' })).toMatchObject({
      status: 422,
      body: { error: 'unprocessable_entity', reason: { confirm: 'confirm-must-be-the-group-name' } },
    });
    expect((await owner.browser.post(`/accounts/${acc}/backups/${backupId}/restore`, { mode: 'replace' })).status).toBe(422);
    expect((await owner.browser.post(`/accounts/${acc}/backups/${backupId}/restore`, { mode: 'sideways' })).status).toBe(422);
  });

  it('a restore over the group after changes gives back the archived state: edits undone, new records gone, deleted ones back', async () => {
    const customer = (await owner.browser.get(`/${acc}/${ids.customer}`)).body;
    expect((await owner.browser.put(`/${acc}/${ids.customer}?rev=${customer._rev}`, { ...customer, name: 'Maria S. Lima' })).status).toBe(200);
    const extra = await owner.browser.post(`/${acc}`, { klass: 'Ticket', title: 'Made after the backup', content: 'new' });
    expect(extra.status).toBe(201);
    const wallet = (await owner.browser.get(`/${acc}/${ids.wallet}`)).body;
    expect((await owner.browser.delete(`/${acc}/${ids.wallet}?rev=${wallet._rev}`)).status).toBe(200);
    // and on the disk: a third version of the manual, a new file, the trashed file deleted for good
    const manualV3 = randomBytes(30_000);
    expect(await putFile(acc, 'manual.pdf', manualV3)).toMatchObject({ version: 3 });
    const added = await putFile(acc, 'added.pdf', randomBytes(10_000));
    const old = (await owner.browser.get(`/${acc}/${ids.trashed}`)).body;
    expect((await owner.browser.delete(`/${acc}/${ids.trashed}?rev=${old._rev}`)).status).toBe(200);
    expect((await fileBytes(acc, ids.trashed)).status).toBe(404);

    await restoreDone(owner, acc, await owner.browser.post(`/accounts/${acc}/backups/${backupId}/restore`, { mode: 'replace', confirm: 'Oficina Central' }));

    const now = await snapshot(acc);
    for (const s of ['tickets', 'finance']) {
      const live = now[s].filter((r) => !r.deleted);
      expect(withoutRev(live)).toEqual(withoutRev(archived[s].filter((r) => !r.deleted)));
    }
    expect(now.tickets.find((r) => r.id === extra.body.id)).toMatchObject({ deleted: true });
    expect((await owner.browser.get(`/${acc}/${ids.customer}`)).body).toMatchObject({ name: 'Maria Souza' });
    expect((await owner.browser.get(`/${acc}/${ids.wallet}`)).body).toMatchObject({ name: 'Cash', start_balance: 1000 });
    // revisions only go forward: the customer's is newer than both the archived and the edited one
    const archivedRev = Number((archived.tickets.find((r) => r.id === ids.customer)!.rev).split('-')[0]);
    expect(Number(now.tickets.find((r) => r.id === ids.customer)!.rev.split('-')[0])).toBeGreaterThan(archivedRev + 1);
    // the member and the owner keep their access
    expect((await member.browser.get(`/${acc}/${ids.ticket}`)).status).toBe(200);
    expect((await owner.browser.get(`/accounts/${acc}/backups`)).status).toBe(200);
    // the disk as archived: the manual's two versions (the third gone), the trashed file back, the new file gone
    expect((await fileBytes(acc, ids.manual)).bytes.equals(manualV2)).toBe(true);
    expect((await fileBytes(acc, ids.manual, '?version=1')).bytes.equals(manualV1)).toBe(true);
    expect((await fileBytes(acc, ids.manual, '?version=3')).status).toBe(404);
    expect((await diskView(owner, acc, 'versions', ids.manual)).map((r) => r.key)).toEqual([2, 1]);
    expect((await fileBytes(acc, ids.trashed)).bytes.equals(trashed)).toBe(true);
    expect((await fileBytes(acc, added.id)).status).toBe(404);
    expect((await diskView(owner, acc, 'usage'))[0].value).toEqual(archivedUsage);
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM disk.file_versions WHERE account_id = $1`, [acc])).rows[0].n).toBe(3);
  }, 90000);

  it('an uploaded archive restores into a new group with the same ids and the files, onto a disk that lost their bytes', async () => {
    // the disk's blobs are gone (another installation, a lost volume): the restore brings them back
    const blobFile = (b: Buffer) => path.join(process.env.DISK_DATA_DIR!, 'blobs', sha(b).slice(0, 2), sha(b).slice(2, 4), sha(b));
    for (const b of [manualV1, manualV2, trashed]) await rm(blobFile(b));
    await expect(stat(blobFile(manualV1))).rejects.toThrow();
    const { target_account_id: target } = await restoreDone(owner, acc, await upload(owner, acc, 'mode=new', archive));
    const restored = await snapshot(target);
    expect(restored.tickets).toEqual(archived.tickets);
    expect(restored.finance).toEqual(archived.finance);
    expect(restored.disk).toEqual(archived.disk);
    for (const [id, query, bytes] of [[ids.manual, '', manualV2], [ids.manual, '?version=1', manualV1], [ids.trashed, '', trashed]] as const) {
      expect((await fileBytes(target, id, query)).bytes.equals(bytes)).toBe(true);
      expect((await fileBytes(acc, id, query)).bytes.equals(bytes)).toBe(true); // the same bytes, stored once
    }
  }, 90000);

  it('keeps the newest BACKUP_KEEP (3) archives of the group and deletes the older ones with their files', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await backupNow(owner, acc))._id);
    const list = (await owner.browser.get(`/accounts/${acc}/backups`)).body.docs.map((d: { _id: string }) => d._id);
    expect(list).toEqual(made.reverse());
    expect(list).not.toContain(backupId);
    expect((await download(`/accounts/${acc}/backups/${backupId}/download`)).status).toBe(404);
  }, 90000);

  it('an archive of another format version is 422 unknown-backup-format, and a file that is no archive 422 not-a-backup-archive', async () => {
    const future = await archiveOf({ 'manifest.json': JSON.stringify({ format: 3, account_id: acc, name: 'x', created_at: '', app_version: '9', counts: {} }) });
    expect(await upload(owner, acc, 'mode=new', future)).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: { format: 'unknown-backup-format' } } });
    expect(await upload(owner, acc, 'mode=new', Buffer.from('not an archive at all'))).toMatchObject({ status: 422, body: { reason: { archive: 'not-a-backup-archive' } } });
    const json = await owner.browser.request('POST', `/accounts/${acc}/backups/upload?mode=new`, { raw: '{}', contentType: 'application/json' });
    expect(json.status).toBe(415);
    // a gzip body anywhere else is refused like any media type the route does not take
    for (const path of [`/${acc}`, `/${acc}/_find`, '/accounts']) {
      expect(await owner.browser.request('POST', path, { raw: future, contentType: 'application/gzip' })).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    }
  });
});

describe('the scheduler and the combined archive', () => {
  it('a due group is picked once: a second scheduler run finds its scheduled backup and queues none', async () => {
    const group = (await createGroup(owner, 'Scheduled Shop')).id;
    const queue = new Queue('backups', { connection: { url: 'redis://127.0.0.1:6379', maxRetriesPerRequest: null }, prefix: `${process.env.APP_PREFIX}:bull` });
    try {
      const runDue = async () => {
        const job = await queue.add('due', { kind: 'due', accounts: [group] }, { removeOnComplete: false });
        await eventually(() => job.isCompleted(), (c) => c, 30000);
        return ((await queue.getJob(job.id!))!.returnvalue as { queued: number }).queued;
      };
      expect(await runDue()).toBe(1);
      const first = await eventually(
        () => owner.browser.get(`/accounts/${group}/backups`),
        (r) => r.body.docs?.length === 1 && r.body.docs[0].status === 'done',
        30000,
      );
      expect(first.body.docs[0]).toMatchObject({ kind: 'scheduled', name: 'Scheduled Shop' });
      expect(await runDue()).toBe(0);
      expect((await owner.browser.get(`/accounts/${group}/backups`)).body.docs).toHaveLength(1);
    } finally {
      await queue.close();
    }
  }, 90000);

  it("the owner's combined archive holds a manifest and the documents of every group they administer", async () => {
    const made = await owner.browser.post('/backups/combined');
    expect(made).toMatchObject({ status: 202, body: { klass: 'Backup', kind: 'combined' } });
    await eventually(
      () => owner.browser.post('/backups/combined'),
      (r) => r.body._id === made.body._id && r.body.status === 'done',
      60000,
    );
    const res = await download('/backups/combined/download');
    expect(res.status).toBe(200);
    const files = await entries(res.bytes);
    expect(JSON.parse(text(files, `${acc}/manifest.json`))).toMatchObject({ format: 2, account_id: acc, name: 'Oficina Central', files: 3 });
    expect(text(files, `${acc}/documents/tickets.ndjson`)).toContain(ids.ticket);
    expect(files.get(`${acc}/files/${sha(manualV1)}`)!.equals(manualV1)).toBe(true);
    // the member administers no group: nothing to download
    expect((await member.browser.get('/backups/combined/download')).status).toBe(404);
  }, 90000);
});

describe('a restored reader', () => {
  it('fetches the restored subscriptions again and does not store their entries a second time', async () => {
    // a user of their own: the owner above has used up the Free plan's groups by now
    const owner = await signUp(stack, { confirm: true });
    const feeds = await new FeedServer().start();
    try {
      const items = [
        { title: 'First', guid: 'b-1', date: 'Mon, 05 Jan 2026 00:00:00 GMT' },
        { title: 'Second', guid: 'b-2', date: 'Tue, 06 Jan 2026 00:00:00 GMT' },
      ];
      const url = feeds.feed('/restore.xml', () => rss('Restore feed', items));
      const g = (await createGroup(owner, 'Reader shop')).id;
      await switchModuleOn(owner, g);
      const sub = await owner.browser.post(`/${g}`, { klass: 'ReaderSubscription', url });
      expect([sub.status, sub.body.reason]).toEqual([201, undefined]);
      const titles = (group: string) =>
        owner.browser.post(`/${group}/_find`, { selector: { klass: 'ReaderItem' }, sort: [{ point_at: 'desc' }], limit: 50 }).then((r) => (r.body.docs as { title: string }[]).map((d) => d.title));
      await eventually(() => titles(g), (t) => t.length === 2, 20000);

      const backup = await backupNow(owner, g);
      const { target_account_id: target } = await restoreDone(owner, g, await owner.browser.post(`/accounts/${g}/backups/${backup._id}/restore`, { mode: 'new' }));
      expect(await titles(target)).toEqual(['Second', 'First']);
      // the restored subscription has its fetch state: "refresh all" queues it, and its entries are not stored again
      const seen = feeds.requests.length;
      const refreshed = await owner.browser.put(`/${target}/_design/reader/_update/refresh/all`);
      expect(refreshed.body.doc).toEqual({ queued: 1 });
      await eventually(async () => feeds.requests.length, (n) => n > seen, 20000);
      await eventually(async () => (await owner.browser.get(`/${target}/${sub.body.id}`)).body.checked_at, (c) => !!c, 20000);
      expect(await titles(target)).toEqual(['Second', 'First']);
    } finally {
      await feeds.close();
    }
  }, 90000);
});

describe('a restored wiki', () => {
  it('finds its handbooks by their addresses, old ones too, keeps them taken, and shows the restored version in the history', async () => {
    const owner = await signUp(stack, { confirm: true });
    const g = (await createGroup(owner, 'Wiki shop')).id;
    const made = await owner.browser.post(`/${g}`, { klass: 'Handbook', title: 'Brake pads', content: 'Check the pads.' });
    expect([made.status, made.body.reason]).toEqual([201, undefined]);
    const moved = await owner.browser.put(`/${g}/${made.body.id}`, { ...made.body.doc, uri: 'brakes' });
    expect([moved.status, moved.body.doc?.old_uris]).toEqual([200, ['brake-pads']]);
    const linking = await owner.browser.post(`/${g}`, { klass: 'Handbook', title: 'Service checklist', content: 'See [[brakes]].', categories: ['checklists'] });
    expect(linking.status).toBe(201);

    const backup = await backupNow(owner, g);
    const { target_account_id: target } = await restoreDone(owner, g, await owner.browser.post(`/accounts/${g}/backups/${backup._id}/restore`, { mode: 'new' }));
    const view = (name: string, key: string) => owner.browser.get(`/${target}/_design/handbooks/_view/${name}?key=${encodeURIComponent(JSON.stringify(key))}`).then((r) => r.body.rows);
    expect(await view('by_uri', 'brake-pads')).toEqual([{ key: 'brake-pads', value: { _id: made.body.id, uri: 'brakes' } }]);
    expect(await view('by_uri', 'brakes')).toEqual([{ key: 'brakes', value: { _id: made.body.id, uri: 'brakes' } }]);
    expect((await view('revisions', made.body.id)).length).toBeGreaterThan(0);
    // an address of a restored page is taken in the restored group
    const clash = await owner.browser.post(`/${target}`, { klass: 'Handbook', title: 'Other', uri: 'brake-pads' });
    expect([clash.status, clash.body.reason]).toEqual([422, { uri: 'has-already-been-taken' }]);
  }, 90000);
});

describe("the disk's files in backups", () => {
  /** A request to the disk service's HTTP server itself (not through the gateway), signed as `ctx` unless unsigned. */
  function toDisk(method: string, pathname: string, ctx: CallerContext | null, body?: Buffer): Promise<{ status: number; text: string }> {
    const url = new URL(process.env.DISK_HTTP_URL!.split(',')[0]);
    const headers: Record<string, string | number> = ctx ? signCaller(ctx, internalSecret(), method, pathname) : {};
    if (body) headers['content-length'] = body.length;
    return rawRequest({ hostname: url.hostname, port: url.port, method, path: pathname, headers }, body);
  }

  function rawRequest(opts: { hostname: string; port: string; method: string; path: string; headers: Record<string, string | number> }, body?: Buffer): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(opts, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('latin1')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  const service = (accountId: string): CallerContext => ({ user_id: null, db: accountId, roles: [], admin: false, token: null, request_id: 'e2e' });
  const blobPath = (accountId: string, key: string) => `/internal/backup/${accountId}/blobs/${key}`;

  it("the disk's blob routes serve only a blob the group names, to the service's signed caller, and take only bytes that hash to the key", async () => {
    const named = sha(manualV1);
    const got = await toDisk('GET', blobPath(acc, named), service(acc));
    expect([got.status, Buffer.from(got.text, 'latin1').equals(manualV1)]).toEqual([200, true]);
    // unsigned, signed for a user (as the gateway signs), signed for another group, or another group's path: refused
    expect((await toDisk('GET', blobPath(acc, named), null)).status).toBe(401);
    expect((await toDisk('GET', blobPath(acc, named), { ...service(acc), user_id: owner.id })).status).toBe(403);
    expect((await toDisk('GET', blobPath(acc, named), service('acc-other'))).status).toBe(403);
    const stranger = (await createGroup(member, 'Stranger shop')).id;
    expect((await toDisk('GET', blobPath(stranger, named), service(stranger))).status).toBe(404);

    // bytes that do not hash to the key: 422, nothing kept
    const bytes = randomBytes(4096);
    const claimed = sha(randomBytes(16));
    const wrong = await toDisk('PUT', blobPath(stranger, claimed), service(stranger), bytes);
    expect([wrong.status, JSON.parse(wrong.text)]).toEqual([422, { error: 'unprocessable_entity', reason: { blob: 'bytes-do-not-match-the-key' } }]);
    const kept = (await stack.pool.query(`SELECT blob_key FROM disk.blob_orphans WHERE blob_key = ANY($1::text[])`, [[claimed, sha(bytes)]])).rows;
    expect(kept).toEqual([]);
    // the right bytes are stored (an orphan until a restored version names them), and a second PUT is a no-op
    const right = await toDisk('PUT', blobPath(stranger, sha(bytes)), service(stranger), bytes);
    expect([right.status, JSON.parse(right.text)]).toEqual([201, { ok: true, key: sha(bytes), size: 4096, stored: true }]);
    const again = await toDisk('PUT', blobPath(stranger, sha(bytes)), service(stranger), bytes);
    expect([again.status, JSON.parse(again.text)]).toEqual([200, { ok: true, key: sha(bytes), stored: false }]);
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM disk.blob_orphans WHERE blob_key = $1`, [sha(bytes)])).rows[0].n).toBe(1);
  });

  it('the disk restores no file version naming a blob it does not store (422, nothing written)', async () => {
    const rpc = new RpcClient(loadConfig().natsUrl);
    try {
      const g = (await createGroup(member, 'Versions shop')).id;
      const missing = sha(randomBytes(32));
      const version = { file_id: 'cfl-nobytes', version: 1, blob_key: missing, size: 32, content_type: null, created_at: '2026-01-01T00:00:00.000Z', created_by: { _id: null, label: null } };
      const err = await rpc.call('disk.backup.versions.restore', { account_id: g, versions: [version] }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 422, reason: { blob_key: 'blob-not-stored' } });
      expect((await stack.pool.query(`SELECT count(*)::int AS n FROM disk.file_versions WHERE account_id = $1`, [g])).rows[0].n).toBe(0);
      // one it stores is written, and listed back
      const stored = { ...version, blob_key: sha(manualV1), size: manualV1.length };
      expect(await rpc.call('disk.backup.versions.restore', { account_id: g, versions: [stored] })).toEqual({ written: 1 });
      expect(await rpc.call('disk.backup.versions', { account_id: g })).toEqual({ versions: [stored], next: null });
      expect(await rpc.call('disk.backup.blobs', { account_id: g })).toEqual({ blobs: [{ key: sha(manualV1), size: manualV1.length }], next: null });
      expect(await rpc.call('disk.backup.versions.clear', { account_id: g })).toEqual({ removed: 1, done: true });
      expect(await rpc.call('disk.backup.versions', { account_id: g })).toEqual({ versions: [], next: null });
    } finally {
      await rpc.close();
    }
  });

  it('the gateway passes none of the internal blob routes on, not even by a path that climbs out of /files', async () => {
    const key = sha(manualV1);
    const url = new URL(stack.url);
    const auth = { authorization: `Bearer ${token}` };
    for (const pathname of [blobPath(acc, key), `/files/${acc}/../../internal/backup/${acc}/blobs/${key}`, `/files/${acc}/%2e%2e/%2e%2e/internal/backup/${acc}/blobs/${key}`]) {
      const res = await rawRequest({ hostname: url.hostname, port: url.port, method: 'GET', path: pathname, headers: auth });
      expect([pathname, res.status === 200 || res.text.length >= manualV1.length]).toEqual([pathname, false]);
    }
  });

  it('a format 1 archive (documents only, made before files were archived) still restores into a new group', async () => {
    const owner = await signUp(stack, { confirm: true });
    const g = (await createGroup(owner, 'Old archive shop')).id;
    const customer = { _id: 'cus-format1archive', _rev: '1-0123456789abcdef0123456789abcdef', klass: 'Customer', name: 'From format 1', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
    const old = await archiveOf({
      'manifest.json': JSON.stringify({ format: 1, account_id: 'acc-gone', name: 'Old', created_at: '2025-01-01T00:00:00.000Z', app_version: '1', counts: { tickets: 1 } }),
      'documents/tickets.ndjson': `${JSON.stringify(customer)}\n`,
    });
    const { target_account_id: target } = await restoreDone(owner, g, await upload(owner, g, 'mode=new', old));
    expect((await owner.browser.get(`/${target}/${customer._id}`)).body).toMatchObject({ _id: customer._id, name: 'From format 1' });
  }, 90000);

  it("refuses a restore whose files exceed the target's drive storage: up front with 507 when the manifest says so, else as the job's error, with nothing of the files kept", async () => {
    const owner = await signUp(stack, { confirm: true });
    const g = (await createGroup(owner, 'Small plan shop')).id;
    const manifest = { format: 2, account_id: 'acc-big', name: 'Big', created_at: '2026-01-01T00:00:00.000Z', app_version: '1', counts: {} };
    // the manifest says 200 MB of files: refused before any group is made
    const big = await archiveOf({ 'manifest.json': JSON.stringify({ ...manifest, files: 1, bytes: 200_000_000 }) });
    const memberships = async () =>
      (await stack.pool.query(`SELECT count(*)::int AS n FROM accounts.documents WHERE klass = 'Subscription' AND NOT deleted AND body ->> 'user_id' = $1`, [owner.id])).rows[0].n;
    expect(await memberships()).toBe(1);
    expect(await upload(owner, g, 'mode=new', big)).toMatchObject({ status: 507, body: { error: 'insufficient_storage', reason: 'backup-files-exceed-drive-storage' } });
    expect(await memberships()).toBe(1);
    // 1 MB of bytes named by 101 versions take 101 MB of the drive: the job checks the archive and refuses it
    const bytes = randomBytes(1_000_000);
    const versions = Array.from({ length: 101 }, (_, i) => ({
      file_id: 'cfl-manyversions',
      version: i + 1,
      blob_key: sha(bytes),
      size: bytes.length,
      content_type: 'application/pdf',
      created_at: '2026-01-01T00:00:00.000Z',
      created_by: { _id: null, label: null },
    }));
    const many = await archiveOf({
      'manifest.json': JSON.stringify({ ...manifest, files: 1, bytes: bytes.length }),
      [`files/${sha(bytes)}`]: bytes,
      'files/versions.ndjson': versions.map((v) => JSON.stringify(v)).join('\n'),
    });
    const started = await upload(owner, g, 'mode=replace&confirm=Small%20plan%20shop', many);
    expect(started.status).toBe(202);
    const r = await eventually(
      () => owner.browser.get(`/accounts/${g}/backups/restores/${started.body._id}`),
      (x) => x.body.status === 'done' || x.body.status === 'failed',
      60000,
    );
    expect(r.body).toMatchObject({ status: 'failed', error: 'backup-files-exceed-drive-storage' });
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM disk.file_versions WHERE account_id = $1`, [g])).rows[0].n).toBe(0);
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM disk.blob_orphans WHERE blob_key = $1`, [sha(bytes)])).rows[0].n).toBe(0);
  }, 90000);
});
