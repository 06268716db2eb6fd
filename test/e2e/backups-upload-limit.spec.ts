import { randomBytes } from 'crypto';
import { mkdtemp, readdir, rm } from 'fs/promises';
import { request as httpRequest } from 'http';
import { tmpdir } from 'os';
import path from 'path';
import { createGroup, eventually, signUp, Stack, startStack, User } from './harness';

// The bound of an uploaded archive (BACKUP_UPLOAD_MAX_BYTES, set small here): the shell is told it, an upload that
// announces more is refused with 413 before its body is read, one that sends more without announcing it is cut off
// with 413, neither leaves a file in BACKUP_DIR/uploads, and a group's own archive within the bound goes back.

const LIMIT = 60_000;

let stack: Stack;
let dir: string;
let owner: User;
let acc: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backups-limit-e2e-'));
  stack = await startStack('backups_limit', { BACKUP_DIR: dir, BACKUP_UPLOAD_MAX_BYTES: String(LIMIT) });
  owner = await signUp(stack, { confirm: true });
  acc = (await createGroup(owner, 'Bound shop')).id;
}, 120000);

afterAll(async () => {
  await stack?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const uploadPath = (query: string) => `/accounts/${acc}/backups/upload?${query}`;
const uploads = () => readdir(path.join(dir, 'uploads')).catch(() => [] as string[]);
const signedHeaders = () => ({ cookie: owner.browser.cookieHeader(), 'x-xsrf-token': owner.browser.xsrfToken ?? '', 'content-type': 'application/gzip' });
const TOO_LARGE = { error: 'payload_too_large', reason: 'An archive can have at most 60 kB' };

/** A POST that announces `length` bytes and sends none: answered before its body, or never. */
function announce(pathname: string, length: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(stack.url + pathname, { method: 'POST', headers: { ...signedHeaders(), 'content-length': String(length) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('the upload bound of a backup archive', () => {
  it('is what BACKUP_UPLOAD_MAX_BYTES says, in the settings the shell reads', async () => {
    expect(await owner.browser.get('/backups/settings')).toMatchObject({ status: 200, body: { upload_max_bytes: LIMIT } });
  });

  it('refuses an upload announcing more than the bound with 413 before reading its body, and keeps no file', async () => {
    expect(await announce(uploadPath('mode=new'), LIMIT + 1)).toEqual({ status: 413, body: TOO_LARGE });
    expect(await uploads()).toEqual([]);
  });

  it('cuts off with 413 an upload that sends more than the bound without announcing its length, and keeps no file', async () => {
    const bytes = randomBytes(LIMIT + 20_000);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.subarray(at, at + 16_384));
        controller.close();
      },
    });
    const res = await fetch(stack.url + uploadPath('mode=new'), { method: 'POST', headers: signedHeaders(), body, duplex: 'half' } as RequestInit);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 413, body: TOO_LARGE });
    expect(await uploads()).toEqual([]);
  });

  it("takes the group's own archive within the bound back and restores it", async () => {
    const made = await owner.browser.post(`/accounts/${acc}/backups`);
    const list = await eventually(
      () => owner.browser.get(`/accounts/${acc}/backups`),
      (r) => r.body.docs?.some((d: { _id: string; status: string }) => d._id === made.body._id && d.status === 'done'),
      30000,
    );
    expect(list.body.docs.find((d: { _id: string }) => d._id === made.body._id).size).toBeLessThan(LIMIT);
    const res = await fetch(`${stack.url}/accounts/${acc}/backups/${made.body._id}/download`, { headers: { cookie: owner.browser.cookieHeader() } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const started = await owner.browser.request('POST', uploadPath('mode=new'), { raw: bytes, contentType: 'application/gzip' });
    expect(started).toMatchObject({ status: 202, body: { klass: 'BackupRestore', status: 'queued' } });
    const restore = await eventually(
      () => owner.browser.get(`/accounts/${acc}/backups/restores/${started.body._id}`),
      (r) => r.body.status === 'done' || r.body.status === 'failed',
      60000,
    );
    expect(restore.body).toMatchObject({ status: 'done', error: null });
  }, 90000);
});
