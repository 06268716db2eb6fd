import { randomUUID } from 'crypto';
import { readdirSync, readlinkSync } from 'fs';
import { unlink } from 'fs/promises';
import { request as httpRequest } from 'http';
import { connect } from 'net';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { createMicroservice, internalSecret, signCaller } from '@app/platform';
import type { CallerContext } from '@app/proto';
import { createGroup, createToken, eventually, signUp, Stack, startStack, User } from './harness';

// The disk through the gateway as a person and a WebDAV client meet it: folders by the document API, bytes by /files
// and /dav, versions, trash, quota, and who may do what.

let stack: Stack;
let owner: User;
let group: { id: string };
let token: string;
let bearer: Record<string, string>;
let basic: Record<string, string>;

beforeAll(async () => {
  stack = await startStack('disk');
  owner = await signUp(stack, { confirm: true });
  group = await createGroup(owner, 'Disk shop');
  token = await createToken(owner);
  bearer = { authorization: `Bearer ${token}` };
  basic = { authorization: `Basic ${Buffer.from(`${owner.email}:${token}`).toString('base64')}` };
}, 60_000);
afterAll(() => stack?.close());

const files = (path: string) => `${stack.url}/files/${group.id}${path}`;
const dav = (path: string) => `${stack.url}/dav/${group.id}${path}`;

async function upload(name: string, body: string, dirId?: string): Promise<{ id: string; version: number; size: number }> {
  const res = await fetch(files(`/content?name=${encodeURIComponent(name)}${dirId ? `&dir_id=${dirId}` : ''}`), { method: 'PUT', headers: { ...bearer, 'content-type': 'text/plain' }, body });
  expect([200, 201]).toContain(res.status);
  return (await res.json()) as { id: string; version: number; size: number };
}

async function json(res: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const doc = (id: string) => fetch(`${stack.url}/${group.id}/${id}`, { headers: bearer }).then((r) => r.json() as Promise<Record<string, unknown>>);
const view = (name: string, key?: string) =>
  fetch(`${stack.url}/${group.id}/_design/disk/_view/${name}${key ? `?key=${encodeURIComponent(JSON.stringify(key))}` : ''}`, { headers: bearer }).then(
    (r) => r.json() as Promise<{ rows: Array<{ key: unknown; value: Record<string, unknown> }> }>,
  );
const update = (handler: string, id: string, body?: unknown) =>
  fetch(`${stack.url}/${group.id}/_design/disk/_update/${handler}/${id}`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });

/** A PUT announcing `length` bytes and sending none: answered before the body (a quota refusal), or never. */
function announce(url: string, headers: Record<string, string>, length: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'PUT', headers: { ...headers, 'content-length': String(length) } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('bytes over /files and /dav', () => {
  it('uploads with PUT /files/{account}/content and serves the same bytes over /files and /dav, and a Range as 206', async () => {
    const reply = await upload('notes.txt', 'hello disk');
    expect(reply).toMatchObject({ ok: true, version: 1, size: 10 });
    const get = await fetch(files(`/${reply.id}`), { headers: bearer });
    expect([get.status, await get.text()]).toEqual([200, 'hello disk']);
    const viaDav = await fetch(dav('/notes.txt'), { headers: basic });
    expect([viaDav.status, await viaDav.text()]).toEqual([200, 'hello disk']);
    const range = await fetch(files(`/${reply.id}`), { headers: { ...bearer, range: 'bytes=6-9' } });
    expect([range.status, range.headers.get('content-range'), await range.text()]).toEqual([206, 'bytes 6-9/10', 'disk']);
  });

  it('a PUT over a WebDAV file makes a new version that the versions view lists, newest first', async () => {
    const put = await fetch(dav('/report.txt'), { method: 'PUT', headers: basic, body: 'first' });
    expect(put.status).toBe(201);
    const again = await fetch(dav('/report.txt'), { method: 'PUT', headers: basic, body: 'second!' });
    expect([200, 204]).toContain(again.status);
    const found = await fetch(`${stack.url}/${group.id}/_find`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ selector: { klass: 'CloudFile', name: 'report.txt', dir_id: null } }),
    }).then((r) => r.json() as Promise<{ docs: Array<{ _id: string; version: number; size: number }> }>);
    expect(found.docs).toHaveLength(1);
    expect(found.docs[0]).toMatchObject({ version: 2, size: 7 });
    const versions = await view('versions', found.docs[0]._id);
    expect(versions.rows.map((r) => [r.key, r.value.size, r.value.current])).toEqual([
      [2, 7, true],
      [1, 5, false],
    ]);
  });

  it('keeps the last 3 versions by default and restores an old one as the newest', async () => {
    let id = '';
    for (const text of ['v1', 'v2-', 'v3--', 'v4---', 'v5----']) id = (await upload('kept.txt', text)).id;
    const versions = await view('versions', id);
    expect(versions.rows.map((r) => r.key)).toEqual([5, 4, 3]);
    const restored = await update('restore-version', id, { version: 3 });
    expect(restored.status).toBe(200);
    const get = await fetch(files(`/${id}`), { headers: bearer });
    expect(await get.text()).toBe('v3--');
    expect((await view('versions', id)).rows.map((r) => r.key)).toEqual([6, 5, 4]);
    const old = await fetch(files(`/${id}?version=4`), { headers: bearer });
    expect(await old.text()).toBe('v4---');
  });
});

describe('folders, moves and names', () => {
  it('makes folders, lists the path of a nested one, and moves a file into it', async () => {
    const made = await json(await fetch(`${stack.url}/${group.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'CloudFile', kind: 'dir', name: 'Invoices' }) }));
    expect(made.status).toBe(201);
    const inner = await json(
      await fetch(`${stack.url}/${group.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'CloudFile', name: '2026', dir_id: made.body.id }) }),
    );
    const path = await view('path', String(inner.body.id));
    expect(path.rows.map((r) => r.value.name)).toEqual(['Invoices', '2026']);
    const file = await upload('march.txt', 'paid');
    const current = await doc(file.id);
    const moved = await fetch(`${stack.url}/${group.id}/${file.id}`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ ...current, dir_id: inner.body.id }) });
    expect(moved.ok).toBe(true);
    const viaDav = await fetch(dav('/Invoices/2026/march.txt'), { headers: basic });
    expect(await viaDav.text()).toBe('paid');
  });

  it('refuses a second entry of the same name in a folder (422 name has-already-been-taken) but keeps names case sensitive', async () => {
    await upload('Case.txt', 'upper');
    const lower = await upload('case.txt', 'lower');
    expect(lower.version).toBe(1);
    const clash = await json(await fetch(`${stack.url}/${group.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'CloudFile', kind: 'dir', name: 'Case.txt' }) }));
    expect(clash).toEqual({ status: 422, body: { error: 'unprocessable_entity', reason: { name: 'has-already-been-taken' } } });
  });

  it('refuses moving a folder into itself (422 dir_id cannot-be-moved-into-itself) and bad names (422)', async () => {
    const a = await json(await fetch(`${stack.url}/${group.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'CloudFile', name: 'A' }) }));
    const b = await json(await fetch(`${stack.url}/${group.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'CloudFile', name: 'B', dir_id: a.body.id }) }));
    const folder = await doc(String(a.body.id));
    const into = await json(await fetch(`${stack.url}/${group.id}/${a.body.id}`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ ...folder, dir_id: b.body.id }) }));
    expect(into).toEqual({ status: 422, body: { error: 'unprocessable_entity', reason: { dir_id: 'cannot-be-moved-into-itself' } } });
    const slash = await json(await fetch(`${stack.url}/${group.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'CloudFile', name: 'a/b' }) }));
    expect(slash).toEqual({ status: 422, body: { error: 'unprocessable_entity', reason: { name: 'is-not-a-valid-file-name' } } });
  });
});

describe('trash', () => {
  it('a WebDAV DELETE puts the file in the trash, restore brings it back, and a DELETE of the document purges it', async () => {
    const file = await upload('draft.txt', 'to trash');
    expect([200, 204]).toContain((await fetch(dav('/draft.txt'), { method: 'DELETE', headers: basic })).status);
    expect((await fetch(dav('/draft.txt'), { headers: basic })).status).toBe(404);
    const trashed = await doc(file.id);
    expect(trashed).toMatchObject({ kind: 'file_deleted', trashed_from: null });
    expect((await update('restore', file.id)).status).toBe(200);
    expect(await (await fetch(dav('/draft.txt'), { headers: basic })).text()).toBe('to trash');
    const again = await update('trash', file.id);
    const rev = ((await again.json()) as { rev: string }).rev;
    const purge = await fetch(`${stack.url}/${group.id}/${file.id}?rev=${rev}`, { method: 'DELETE', headers: bearer });
    expect(purge.status).toBe(200);
    expect((await fetch(files(`/${file.id}`), { headers: bearer })).status).toBe(404);
  });
});

describe('quota and who may do what', () => {
  it('refuses up front an upload that would pass the plan’s drive storage: 507 over /files and over WebDAV', async () => {
    const web = await announce(files('/content?name=huge.bin'), bearer, 100_000_001);
    expect(web.status).toBe(507);
    expect(JSON.parse(web.body)).toMatchObject({ error: 'insufficient_storage' });
    expect(JSON.parse(web.body).reason).toMatch(/Not enough space on this group's disk/);
    const viaDav = await announce(dav('/huge.bin'), basic, 100_000_001);
    expect(viaDav.status).toBe(507);
    const usage = await view('usage');
    expect(usage.rows[0].value).toMatchObject({ quota: 100_000_000 });
  });

  it('asks WebDAV clients for Basic credentials (401 with WWW-Authenticate) and refuses a wrong token', async () => {
    const none = await fetch(dav('/'), { method: 'PROPFIND', headers: { depth: '0' } });
    expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Basic realm="ServiceDesk disk", charset="UTF-8"']);
    const wrong = await fetch(dav('/'), { method: 'PROPFIND', headers: { depth: '0', authorization: `Basic ${Buffer.from(`${owner.email}:sdt_wrongwrongwrong`).toString('base64')}` } });
    expect(wrong.status).toBe(401);
    const otherEmail = await fetch(dav('/'), { method: 'PROPFIND', headers: { depth: '0', authorization: `Basic ${Buffer.from(`someone@example.com:${token}`).toString('base64')}` } });
    expect(otherEmail.status).toBe(401);
  });

  it('a read-only token reads but may not write (403), and a member of another group gets 403', async () => {
    const readOnly = await createToken(owner, ['read']);
    const auth = { authorization: `Basic ${Buffer.from(`${owner.email}:${readOnly}`).toString('base64')}` };
    expect((await fetch(dav('/notes.txt'), { headers: auth })).status).toBe(200);
    expect((await fetch(dav('/ro.txt'), { method: 'PUT', headers: auth, body: 'x' })).status).toBe(403);
    const stranger = await signUp(stack, { confirm: true });
    const theirs = await createToken(stranger);
    const res = await fetch(dav('/notes.txt'), { headers: { authorization: `Basic ${Buffer.from(`${stranger.email}:${theirs}`).toString('base64')}` } });
    expect(res.status).toBe(403);
    const viaFiles = await fetch(files('/content?name=x.txt'), { method: 'PUT', headers: { authorization: `Bearer ${theirs}` }, body: 'x' });
    expect(viaFiles.status).toBe(403);
  });

  it('a read-only token that PUTs over a file that exists gets 403 {error, reason} (small, large or chunked body), the file stays as it was, and the disk lives on', async () => {
    // issue 24: this PUT ended the disk process (an unhandled 'error' of the PassThrough the WebDAV upload writes to)
    const file = await upload('kept-by-ro.txt', 'the stored version');
    const readOnly = await createToken(owner, ['read']);
    const auth = { authorization: `Basic ${Buffer.from(`${owner.email}:${readOnly}`).toString('base64')}` };
    const refusal = { error: 'forbidden', reason: 'This token can only read' };
    for (const body of ['x', Buffer.alloc(300_000, 7)]) {
      const put = await fetch(dav('/kept-by-ro.txt'), { method: 'PUT', headers: auth, body });
      expect([put.status, await put.json()]).toEqual([403, refusal]);
    }
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(dav('/kept-by-ro.txt'), { method: 'PUT', headers: { ...auth, 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(Buffer.alloc(40_000, 8));
      req.end('and the rest');
    });
    expect([chunked.status, JSON.parse(chunked.body)]).toEqual([403, refusal]);
    // what else writes is refused the same way, before webdav-server: a dead property, a lock, a copy, a move, a delete
    for (const [method, headers] of [
      ['PROPPATCH', { 'content-type': 'application/xml' }],
      ['LOCK', { 'content-type': 'application/xml' }],
      ['COPY', { destination: dav('/copied-by-ro.txt') }],
      ['MOVE', { destination: dav('/moved-by-ro.txt') }],
      ['POST', {}],
      ['DELETE', {}],
      ['MKCOL', {}],
    ] as Array<[string, Record<string, string>]>) {
      const body = method === 'PROPPATCH'
        ? '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:x"><D:set><D:prop><Z:color>red</Z:color></D:prop></D:set></D:propertyupdate>'
        : method === 'LOCK'
          ? '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>'
          : undefined;
      const res = await fetch(dav(method === 'MKCOL' ? '/folder-by-ro' : '/kept-by-ro.txt'), { method, headers: { ...auth, ...headers }, body });
      expect([method, res.status, await res.json()]).toEqual([method, 403, refusal]);
    }
    // the disk still answers, the file kept its bytes and its one version, and a writer (no lock in the way) writes it
    expect(await (await fetch(files(`/${file.id}`), { headers: bearer })).text()).toBe('the stored version');
    expect((await view('versions', file.id)).rows.map((r) => r.key)).toEqual([1]);
    expect((await fetch(dav('/kept-by-ro.txt'), { method: 'PUT', headers: basic, body: 'written by a writer' })).status).toBeLessThan(300);
  });

  it('a session may download but must send the XSRF header to upload (403 without)', async () => {
    const cookie = owner.browser.cookieHeader();
    const file = await upload('session.txt', 'by session');
    const get = await fetch(files(`/${file.id}`), { headers: { cookie } });
    expect(await get.text()).toBe('by session');
    const put = await fetch(files('/content?name=s2.txt'), { method: 'PUT', headers: { cookie }, body: 'x' });
    expect(put.status).toBe(403);
  });
});

describe('malformed WebDAV requests', () => {
  const cases: Array<[string, RequestInit & { headers?: Record<string, string> }]> = [
    ['PROPFIND with a broken XML body', { method: 'PROPFIND', headers: { depth: '1', 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>' }],
    ['PROPFIND with Depth: banana', { method: 'PROPFIND', headers: { depth: 'banana' } }],
    ['PROPPATCH with two set and two remove blocks', { method: 'PROPPATCH', headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:a>1</Z:a></D:prop></D:set><D:remove><D:prop><Z:b/></D:prop></D:remove><D:set><D:prop><Z:c>2</Z:c></D:prop></D:set><D:remove><D:prop><Z:a/></D:prop></D:remove></D:propertyupdate>' }],
    ['LOCK with garbage', { method: 'LOCK', headers: { 'content-type': 'application/xml' }, body: 'garbage<<' }],
    ['PUT with an untagged If header', { method: 'PUT', headers: { if: '(<opaquelocktoken:nothing>)' }, body: 'x' }],
    ['MKCOL with an If header', { method: 'MKCOL', headers: { if: '(<urn:uuid:123>)' } }],
    ['MOVE without a Destination', { method: 'MOVE' }],
    ['COPY to a Destination of another server', { method: 'COPY', headers: { destination: 'http://elsewhere.example/x' } }],
    ['UNLOCK with a bogus token', { method: 'UNLOCK', headers: { 'lock-token': '<urn:uuid:bogus>' } }],
  ];
  it.each(cases)('%s answers without a 5xx, and the disk goes on answering', async (_name, init) => {
    const res = await fetch(dav('/notes.txt'), { ...init, headers: { ...basic, ...(init.headers ?? {}) } });
    expect(res.status).toBeLessThan(500);
    const after = await fetch(dav('/notes.txt'), { headers: basic });
    expect(after.status).toBe(200);
  });
});

describe('what WebDAV clients do', () => {
  const lockBody = '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>win</D:owner></D:lockinfo>';

  it("Windows' empty PUT, LOCK, PUT with the token, PROPPATCH, UNLOCK stores the file with one version (the empty one is not history)", async () => {
    expect((await fetch(dav('/win.docx'), { method: 'PUT', headers: basic, body: '' })).status).toBe(201);
    const lock = await fetch(dav('/win.docx'), { method: 'LOCK', headers: { ...basic, 'content-type': 'application/xml', timeout: 'Second-3600' }, body: lockBody });
    expect(lock.status).toBe(200);
    const token = lock.headers.get('lock-token')!;
    expect(token).toMatch(/^<urn:uuid:[0-9a-f-]{36}>$/);
    // without the token the file is locked for everyone, its owner included
    expect((await fetch(dav('/win.docx'), { method: 'PUT', headers: basic, body: 'sneaky' })).status).toBe(423);
    expect((await fetch(dav('/win.docx'), { method: 'PUT', headers: { ...basic, if: `(${token})` }, body: 'the document' })).status).toBeLessThan(300);
    const patch = await fetch(dav('/win.docx'), {
      method: 'PROPPATCH',
      headers: { ...basic, if: `(${token})`, 'content-type': 'application/xml' },
      body: '<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:schemas-microsoft-com:"><D:set><D:prop><Z:Win32LastModifiedTime>Wed, 25 Nov 2026 10:00:00 GMT</Z:Win32LastModifiedTime><Z:Win32FileAttributes>00000020</Z:Win32FileAttributes></D:prop></D:set></D:propertyupdate>',
    });
    expect(patch.status).toBe(207);
    expect((await fetch(dav('/win.docx'), { method: 'UNLOCK', headers: { ...basic, 'lock-token': token } })).status).toBe(204);
    expect(await (await fetch(dav('/win.docx'), { headers: basic })).text()).toBe('the document');
    const found = await fetch(`${stack.url}/${group.id}/_find`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ selector: { klass: 'CloudFile', name: 'win.docx' } }),
    }).then((r) => r.json() as Promise<{ docs: Array<{ _id: string }> }>);
    expect((await view('versions', found.docs[0]._id)).rows.map((r) => [r.key, r.value.size])).toEqual([[1, 12]]);
    // the dead property is kept (in PostgreSQL) and answered back
    const props = await fetch(dav('/win.docx'), { method: 'PROPFIND', headers: { ...basic, depth: '0', 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><Z:Win32FileAttributes xmlns:Z="urn:schemas-microsoft-com:"/></D:prop></D:propfind>' });
    expect(await props.text()).toContain('00000020');
  });

  it("macOS' chunked PUT (no Content-Length) and its ._ AppleDouble file are stored like any file", async () => {
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(dav('/mac.txt'), { method: 'PUT', headers: { ...basic, 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('written ');
      req.end('in chunks');
    });
    expect(chunked).toBe(201);
    expect(await (await fetch(dav('/mac.txt'), { headers: basic })).text()).toBe('written in chunks');
    expect((await fetch(dav('/._mac.txt'), { method: 'PUT', headers: basic, body: Buffer.from([0, 5, 22, 7]) })).status).toBe(201);
    expect(Buffer.from(await (await fetch(dav('/._mac.txt'), { headers: basic })).arrayBuffer())).toEqual(Buffer.from([0, 5, 22, 7]));
  });

  it("rclone's X-OC-Mtime sets the modification time WebDAV answers (getlastmodified)", async () => {
    const when = Date.UTC(2024, 0, 2, 3, 4, 5) / 1000;
    expect((await fetch(dav('/dated.txt'), { method: 'PUT', headers: { ...basic, 'x-oc-mtime': String(when) }, body: 'old file' })).status).toBe(201);
    const res = await fetch(dav('/dated.txt'), { method: 'PROPFIND', headers: { ...basic, depth: '0' } });
    expect(await res.text()).toContain('<D:getlastmodified>Tue, 02 Jan 2024 03:04:05 GMT</D:getlastmodified>');
  });
});

describe('uploads that break off', () => {
  /** A PUT or PATCH that announces `length` bytes, sends `sent` of them, then drops the connection. */
  function dropAfter(url: string, method: string, headers: Record<string, string>, length: number, sent: Buffer): Promise<void> {
    return new Promise((resolve) => {
      const req = httpRequest(url, { method, headers: { ...headers, 'content-length': String(length) } });
      req.on('error', () => resolve());
      req.write(sent, () => setTimeout(() => req.destroy(), 200));
      req.on('close', () => resolve());
    });
  }

  it('a PUT over a file that breaks off half way leaves the file and its versions as they were', async () => {
    const file = await upload('steady.txt', 'the stored version');
    await dropAfter(dav('/steady.txt'), 'PUT', basic, 100_000, Buffer.alloc(40_000, 120));
    await dropAfter(files('/content?name=steady.txt'), 'PUT', bearer, 100_000, Buffer.alloc(40_000, 121));
    await new Promise((r) => setTimeout(r, 300));
    expect(await (await fetch(files(`/${file.id}`), { headers: bearer })).text()).toBe('the stored version');
    expect((await view('versions', file.id)).rows.map((r) => r.key)).toEqual([1]);
  });

  it('a tus upload goes on after a dropped connection from the offset HEAD answers, and ends as the file', async () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const tus = { ...bearer, 'tus-resumable': '1.0.0' };
    const created = await fetch(files('/uploads'), {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': `name ${Buffer.from('resumed.bin').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/files/${group.id}/uploads/[0-9a-f-]{36}$`));
    await dropAfter(`${stack.url}${location}`, 'PATCH', { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, bytes.length, bytes.subarray(0, 120_000));
    await new Promise((r) => setTimeout(r, 300));
    const head = await fetch(`${stack.url}${location}`, { method: 'HEAD', headers: tus });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(120_000);
    const rest = await fetch(`${stack.url}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const id = rest.headers.get('x-file-id')!;
    expect(Buffer.from(await (await fetch(files(`/${id}`), { headers: bearer })).arrayBuffer()).equals(bytes)).toBe(true);
    // the finished upload is gone
    expect((await fetch(`${stack.url}${location}`, { method: 'HEAD', headers: tus })).status).toBe(404);
  });
});

describe('downloads that break off', () => {
  /** the disk process's open files under its blob folder (the jest process: the stack runs in it) */
  function openBlobFiles(): string[] {
    const blobs = `${process.env.DISK_DATA_DIR}/blobs/`;
    const open: string[] = [];
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        const target = readlinkSync(`/proc/self/fd/${fd}`);
        if (target.startsWith(blobs)) open.push(target);
      } catch {
        /* closed meanwhile */
      }
    }
    return open;
  }

  it('a WebDAV GET the client drops after its first bytes closes the blob it read (none left open)', async () => {
    const bytes = Buffer.alloc(16 * 1024 * 1024, 3);
    const put = await fetch(files('/content?name=dropped-download.bin'), { method: 'PUT', headers: { ...bearer, 'content-type': 'application/octet-stream' }, body: bytes });
    expect(put.status).toBe(201);
    expect(openBlobFiles()).toEqual([]);
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(dav('/dropped-download.bin'), { headers: basic }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end();
      });
    }
    // the disk sees the connection close through the gateway, then lets go of the file
    expect(await eventually(async () => openBlobFiles(), (open) => open.length === 0)).toEqual([]);
    // and it still serves it whole
    const whole = Buffer.from(await (await fetch(dav('/dropped-download.bin'), { headers: basic })).arrayBuffer());
    expect(whole.equals(bytes)).toBe(true);
  });
});

describe('starred', () => {
  it('the starred view lists starred entries but not those inside a trashed folder', async () => {
    const post = (body: unknown) =>
      fetch(`${stack.url}/${group.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ id: string }>);
    const folder = await post({ klass: 'CloudFile', name: 'Old projects' });
    const inside = await upload('inside.txt', 'x', folder.id);
    const outside = await upload('outside.txt', 'y');
    for (const id of [inside.id, outside.id]) {
      const d = await doc(id);
      await fetch(`${stack.url}/${group.id}/${id}`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ ...d, starred: true }) });
    }
    const before = (await view('starred')).rows.map((r) => r.value.name);
    expect(before).toEqual(expect.arrayContaining(['inside.txt', 'outside.txt']));
    await update('trash', folder.id);
    const after = (await view('starred')).rows.map((r) => r.value.name);
    expect(after).toContain('outside.txt');
    expect(after).not.toContain('inside.txt');
  });
});

describe('a second copy of the disk service', () => {
  let copy: INestMicroservice;
  let copyUrl: string;
  beforeAll(async () => {
    const { DiskModule, DiskHttpServer } = await import('../../services/disk/src');
    copy = await createMicroservice(DiskModule, 'disk');
    copyUrl = `http://127.0.0.1:${copy.get(DiskHttpServer).port}`;
  });
  afterAll(() => copy?.close());

  /** A request straight to the second copy, signed as the gateway signs it. */
  function direct(method: string, name: string, headers: Record<string, string> = {}, body?: string): Promise<Response> {
    const ctx: CallerContext = { user_id: owner.id, db: group.id, roles: [owner.id, 'user', group.id], admin: true, token: null, request_id: 'copy-test' };
    const pathname = `/dav/${group.id}/${name}`;
    return fetch(`${copyUrl}${pathname}`, { method, headers: { ...headers, ...signCaller(ctx, internalSecret(), method, pathname) }, body });
  }

  it('sees the locks and dead properties another copy stored (they live in PostgreSQL, so they also outlive a restart)', async () => {
    await upload('shared.txt', 'one');
    const lock = await fetch(dav('/shared.txt'), {
      method: 'LOCK',
      headers: { ...basic, 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
    });
    const token = lock.headers.get('lock-token')!;
    await fetch(dav('/shared.txt'), {
      method: 'PROPPATCH',
      headers: { ...basic, if: `(${token})`, 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:x"><D:set><D:prop><Z:color>blue</Z:color></D:prop></D:set></D:propertyupdate>',
    });
    expect((await direct('PUT', 'shared.txt', {}, 'two')).status).toBe(423);
    expect((await direct('PUT', 'shared.txt', { if: `(${token})` }, 'two')).status).toBeLessThan(300);
    const props = await direct('PROPFIND', 'shared.txt', { depth: '0', 'content-type': 'application/xml' }, '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><Z:color xmlns:Z="urn:x"/></D:prop></D:propfind>');
    expect(await props.text()).toMatch(/blue/);
    expect((await direct('UNLOCK', 'shared.txt', { 'lock-token': token })).status).toBe(204);
  });

  it('its sweeper purges what stayed in the trash past 30 days, then deletes the blobs no version names an hour later', async () => {
    const { DiskSweeper } = await import('../../services/disk/src');
    const kept = await upload('kept-in-trash.txt', 'recent trash');
    const old = await upload('old-trash.txt', 'bytes only this file has');
    await update('trash', kept.id);
    await update('trash', old.id);
    // the old one went to the trash 31 days ago
    await stack.pool.query(`UPDATE disk.documents SET body = jsonb_set(body, '{trashed_at}', to_jsonb($2::text)) WHERE account_id = $1 AND id = $3`, [
      group.id,
      new Date(Date.now() - 31 * 86400_000).toISOString(),
      old.id,
    ]);
    const blob = (await stack.pool.query(`SELECT blob_key FROM disk.file_versions WHERE account_id = $1 AND file_id = $2`, [group.id, old.id])).rows[0].blob_key as string;
    const sweeper = copy.get(DiskSweeper);
    await sweeper.sweep(new Date());
    expect((await fetch(`${stack.url}/${group.id}/${old.id}`, { headers: bearer })).status).toBe(404);
    expect((await fetch(`${stack.url}/${group.id}/${kept.id}`, { headers: bearer })).status).toBe(200);
    const orphaned = await stack.pool.query(`SELECT 1 FROM disk.blob_orphans WHERE blob_key = $1`, [blob]);
    expect(orphaned.rowCount).toBe(1);
    // an hour later nothing names the bytes: they are deleted
    await sweeper.sweep(new Date(Date.now() + 2 * 3600_000), 3600_000);
    expect((await stack.pool.query(`SELECT 1 FROM disk.blob_orphans WHERE blob_key = $1`, [blob])).rowCount).toBe(0);
    const { existsSync } = await import('fs');
    expect(existsSync(`${process.env.DISK_DATA_DIR}/blobs/${blob.slice(0, 2)}/${blob.slice(2, 4)}/${blob}`)).toBe(false);
  });

  it('refuses a request the gateway did not sign, or signed for another path (401)', async () => {
    expect((await fetch(`${copyUrl}/dav/${group.id}/shared.txt`)).status).toBe(401);
    const ctx: CallerContext = { user_id: owner.id, db: group.id, roles: [], admin: false, token: null, request_id: 'x' };
    const signed = signCaller(ctx, internalSecret(), 'GET', `/dav/${group.id}/other.txt`);
    expect((await fetch(`${copyUrl}/dav/${group.id}/shared.txt`, { headers: signed })).status).toBe(401);
  });
});

describe('a file whose bytes are missing from the blob store', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers 404 {error, reason} over /files (GET, a Range, HEAD) and 404 over WebDAV, and logs the missing blob at error level once', async () => {
    const lost = await upload('lost.txt', `bytes only this file has ${randomUUID()}`);
    const key = (await stack.pool.query(`SELECT blob_key FROM disk.file_versions WHERE account_id = $1 AND file_id = $2`, [group.id, lost.id])).rows[0].blob_key as string;
    await unlink(`${process.env.DISK_DATA_DIR}/blobs/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`);
    const logged = jest.spyOn(Logger.prototype, 'error');

    const get = await fetch(files(`/${lost.id}`), { headers: bearer });
    expect(await json(get)).toEqual({ status: 404, body: { error: 'not_found', reason: 'file-contents-missing' } });
    const range = await fetch(files(`/${lost.id}`), { headers: { ...bearer, range: 'bytes=0-3' } });
    expect(await json(range)).toEqual({ status: 404, body: { error: 'not_found', reason: 'file-contents-missing' } });
    const head = await fetch(files(`/${lost.id}`), { method: 'HEAD', headers: bearer });
    expect(head.status).toBe(404);
    const viaDav = await fetch(dav('/lost.txt'), { headers: basic });
    expect(viaDav.status).toBe(404);
    await viaDav.text();

    const lines = logged.mock.calls.map((c) => String(c[0])).filter((m) => m.includes(key));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(group.id);
    expect(lines[0]).toContain(lost.id);
    expect(logged.mock.calls.filter((c) => /internal|stack|ENOENT/i.test(String(c[0])))).toEqual([]);
    // the file is still listed, and a new version brings its bytes back
    expect((await doc(lost.id))._id).toBe(lost.id);
    await upload('lost.txt', 'written again');
    expect(await (await fetch(files(`/${lost.id}`), { headers: bearer })).text()).toBe('written again');
  });
});

describe('PROPFIND of a listing', () => {
  const props = ['displayname', 'getlastmodified', 'getcontentlength', 'resourcetype', 'getetag', 'getcontenttype', 'creationdate', 'supportedlock', 'lockdiscovery'];

  /** href → property → value (the 200 propstat's), from a multistatus. */
  function parse(xml: string): Map<string, Record<string, string>> {
    const out = new Map<string, Record<string, string>>();
    for (const [, response] of xml.matchAll(/<D:response>(.*?)<\/D:response>/g)) {
      const href = /<D:href>(.*?)<\/D:href>/.exec(response)![1];
      const ok = /<D:propstat><D:prop>(.*?)<\/D:prop><D:status>HTTP\/1.1 200 OK<\/D:status>/.exec(response)?.[1] ?? '';
      const values: Record<string, string> = {};
      for (const p of props) {
        const m = new RegExp(`<D:${p}>(.*?)</D:${p}>|<D:${p}/>`).exec(ok);
        if (m) values[p] = m[1] ?? '';
      }
      out.set(decodeURIComponent(href.replace(/&amp;/g, '&')), values);
    }
    return out;
  }

  it('answers a Depth 1 listing of live properties (the quick path) as webdav-server does (when lockdiscovery is asked too)', async () => {
    await fetch(dav('/Listing'), { method: 'MKCOL', headers: basic });
    await fetch(dav('/Listing/Sub folder'), { method: 'MKCOL', headers: basic });
    await fetch(dav('/Listing/a b&c.txt'), { method: 'PUT', headers: basic, body: 'one' });
    await fetch(dav('/Listing/ação.pdf'), { method: 'PUT', headers: { ...basic, 'content-type': 'application/pdf' }, body: '%PDF-1.4' });
    const named = props.filter((p) => !p.endsWith('lock') && p !== 'lockdiscovery');
    const ask = (names: string[]) => `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>${names.map((p) => `<D:${p}/>`).join('')}</D:prop></D:propfind>`;
    const quick = await fetch(dav('/Listing/'), { method: 'PROPFIND', headers: { ...basic, depth: '1', 'content-type': 'application/xml' }, body: ask(named) });
    // with a lock property named, webdav-server answers the same listing
    const full = await fetch(dav('/Listing/'), { method: 'PROPFIND', headers: { ...basic, depth: '1', 'content-type': 'application/xml' }, body: ask([...named, 'lockdiscovery']) });
    expect([quick.status, full.status]).toEqual([207, 207]);
    const a = parse(await quick.text());
    const b = parse(await full.text());
    for (const v of b.values()) delete v.lockdiscovery;
    expect([...a.keys()].sort()).toEqual([`/dav/${group.id}/Listing/`, `/dav/${group.id}/Listing/Sub folder/`, `/dav/${group.id}/Listing/a b&c.txt`, `/dav/${group.id}/Listing/ação.pdf`].sort());
    expect(a).toEqual(b);
    expect(a.get(`/dav/${group.id}/Listing/ação.pdf`)).toMatchObject({ getcontentlength: '8', getcontenttype: 'application/pdf', resourcetype: '' });

    // allprop (an empty body) on the quick path, and the same asked of webdav-server by naming every property
    const allprop = await fetch(dav('/Listing/'), { method: 'PROPFIND', headers: { ...basic, depth: '1' } });
    const everything = await fetch(dav('/Listing/'), { method: 'PROPFIND', headers: { ...basic, depth: '1', 'content-type': 'application/xml' }, body: ask(props) });
    expect(parse(await allprop.text())).toEqual(parse(await everything.text()));
    await fetch(dav('/Listing/a b&c.txt'), {
      method: 'PROPPATCH',
      headers: { ...basic, 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:x"><D:set><D:prop><Z:tag>red</Z:tag></D:prop></D:set></D:propertyupdate>',
    });
    // a dead property in the listing: allprop is webdav-server's, and lists it
    const withDead = await fetch(dav('/Listing/'), { method: 'PROPFIND', headers: { ...basic, depth: '1' } });
    expect(await withDead.text()).toMatch(/>red</);
  });
});

describe('what a group’s disk may promise and hold (issue 25)', () => {
  const tusHeaders = { 'tus-resumable': '1.0.0' };
  const b64 = (s: string) => Buffer.from(s).toString('base64');

  it('a tus upload holds its announced length from its start: a second 60 MB upload on a 100 MB plan is refused (507) until the first is deleted, expires or ends', async () => {
    const g = await createGroup(owner, 'Reservations');
    const url = (p: string) => `${stack.url}/files/${g.id}${p}`;
    const start = (length: number, name: string) =>
      fetch(url('/uploads'), { method: 'POST', headers: { ...bearer, ...tusHeaders, 'upload-length': String(length), 'upload-metadata': `name ${b64(name)}` } });
    const first = await start(60_000_000, 'first.bin');
    expect(first.status).toBe(201);
    // issue 25 #5: this one was accepted too (two 60 MB uploads in progress on a 100 MB plan)
    const second = await start(60_000_000, 'second.bin');
    expect(second.status).toBe(507);
    expect(await second.json()).toEqual({
      error: 'insufficient_storage',
      reason: "Not enough space on this group's disk: the file needs 60 MB and 40 MB of 100 MB is free (uploads in progress hold 60 MB). Delete files or empty the trash, or choose a larger plan.",
    });
    // the other doors count it too: an announced 50 MB PUT over /files or WebDAV
    expect((await announce(url('/content?name=other.bin'), bearer, 50_000_000)).status).toBe(507);
    expect((await announce(`${stack.url}/dav/${g.id}/other.bin`, basic, 50_000_000)).status).toBe(507);

    // deleted (tus termination): its room is free again
    expect((await fetch(`${stack.url}${first.headers.get('location')}`, { method: 'DELETE', headers: { ...bearer, ...tusHeaders } })).status).toBe(204);
    const again = await start(60_000_000, 'second.bin');
    expect(again.status).toBe(201);
    // expired (a day gone by, back-dated here): its room is free again, before the sweeper deletes its part
    const expired = await stack.pool.query(`UPDATE disk.uploads SET expires_at = now() - interval '1 second' WHERE id = $1`, [again.headers.get('location')!.split('/').pop()]);
    expect(expired.rowCount).toBe(1);
    const big = await start(95_000_000, 'big.bin');
    expect(big.status).toBe(201);

    // ended: a 4 MB upload beside the 95 MB one fits (its own reservation is not counted against it when it is stored)…
    const bytes = Buffer.alloc(4_000_000, 3);
    const small = await start(bytes.length, 'small.bin');
    expect(small.status).toBe(201);
    const sent = await fetch(`${stack.url}${small.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...bearer, ...tusHeaders, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: bytes,
    });
    expect(sent.status).toBe(204);
    // …and its reservation ended with it: 4 MB stored + 95 MB held leave exactly 1 MB
    const usage = (await fetch(`${stack.url}/${g.id}/_design/disk/_view/usage`, { headers: bearer }).then((r) => r.json())) as { rows: Array<{ value: Record<string, unknown> }> };
    expect(usage.rows[0].value).toMatchObject({ bytes: 4_000_000, quota: 100_000_000 });
    expect((await start(1_000_001, 'one-too-many.bin')).status).toBe(507);
    expect((await start(1_000_000, 'last.bin')).status).toBe(201);
  });

  /** A chunked PUT (no Content-Length) of `size` bytes, 64 KiB at a time, the answer read as soon as it comes. */
  function chunkedPut(url: string, headers: Record<string, string>, size: number): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: 'PUT', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 1);
      let left = size;
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }

  /**
   * A client that sends its whole request, a chunked body of `size` bytes, before it reads a byte of the answer (as
   * Python's http.client and many SDKs do): the status line it then reads.
   */
  function sendAllThenRead(url: string, headers: Record<string, string>, size: number): Promise<string> {
    const u = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(u.port), u.hostname);
      socket.on('error', reject);
      const head = [`PUT ${u.pathname} HTTP/1.1`, `Host: ${u.host}`, 'Transfer-Encoding: chunked', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024, 2);
      for (let sent = 0; sent < size; sent += chunk.length) socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
      socket.write('0\r\n\r\n', () => {
        // everything is written: only now read
        let answer = '';
        socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
        socket.on('end', () => resolve(answer.split('\r\n')[0]));
      });
    });
  }

  it('a chunked WebDAV PUT (no Content-Length) over the room left is answered 507, also to a client that sends its whole body first, and stores nothing', async () => {
    const g = await createGroup(owner, 'Chunked quota');
    // 99 MB held by a resumable upload in progress (no bytes sent): 1 MB left
    const held = await fetch(`${stack.url}/files/${g.id}/uploads`, {
      method: 'POST',
      headers: { ...bearer, ...tusHeaders, 'upload-length': '99000000', 'upload-metadata': `name ${b64('held.bin')}` },
    });
    expect(held.status).toBe(201);
    const over = await chunkedPut(`${stack.url}/dav/${g.id}/over.bin`, basic, 16 * 1024 * 1024);
    expect(over.status).toBe(507);
    const patient = await sendAllThenRead(`${stack.url}/dav/${g.id}/patient.bin`, basic, 24 * 1024 * 1024);
    expect(patient).toBe('HTTP/1.1 507 Insufficient Storage');
    // nothing past the room was kept, and a PUT that fits is stored
    const usage = (await fetch(`${stack.url}/${g.id}/_design/disk/_view/usage`, { headers: bearer }).then((r) => r.json())) as { rows: Array<{ value: Record<string, unknown> }> };
    expect(usage.rows[0].value).toMatchObject({ bytes: 0 });
    expect((await chunkedPut(`${stack.url}/dav/${g.id}/fits.bin`, basic, 500_000)).status).toBeLessThan(300);
  });
});

describe('WebDAV locks are bounded (issue 25)', () => {
  const lockInfo = (scope: 'shared' | 'exclusive') =>
    `<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>e2e</D:owner></D:lockinfo>`;

  it('one file holds at most 20 locks (the 21st is 423) and one person at most 200 in a group (the next is 507, nothing created); refreshes and unlocks go on', async () => {
    const g = await createGroup(owner, 'Locks');
    const d = (p: string) => `${stack.url}/dav/${g.id}${p}`;
    const lock = (p: string, scope: 'shared' | 'exclusive' = 'shared') =>
      fetch(d(p), { method: 'LOCK', headers: { ...basic, 'content-type': 'application/xml', timeout: 'Second-3600' }, body: lockInfo(scope) });
    expect((await fetch(d('/busy.txt'), { method: 'PUT', headers: basic, body: 'x' })).status).toBe(201);
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await lock('/busy.txt');
      expect(res.status).toBe(200);
      tokens.push(res.headers.get('lock-token')!);
    }
    // issue 25 #11: 300 shared locks on one file were accepted
    const refused = await lock('/busy.txt');
    expect(refused.status).toBe(423);
    const why = await refused.text();
    expect(why).toContain('<D:no-conflicting-lock/>');
    expect(why).toContain('already holds 20 locks');
    // a refresh (a LOCK without a body, naming its token) is no new lock
    const refreshed = await fetch(d('/busy.txt'), { method: 'LOCK', headers: { ...basic, if: `(${tokens[0]})`, timeout: 'Second-600' } });
    expect(refreshed.status).toBe(200);
    // an UNLOCK frees a place; LOCKs sent at once still can't pass the bound together
    for (const token of tokens.splice(0, 5)) expect((await fetch(d('/busy.txt'), { method: 'UNLOCK', headers: { ...basic, 'lock-token': token } })).status).toBe(204);
    const together = await Promise.all(Array.from({ length: 10 }, () => lock('/busy.txt')));
    expect(together.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 423, 423, 423, 423, 423]);

    // 20 held on busy.txt; 180 more on new names (each LOCK of an unmapped URL creates an empty file: 201)
    for (let i = 0; i < 180; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => lock(`/held-${i + j}.txt`, 'exclusive')));
      expect(batch.map((r) => r.status)).toEqual(Array(10).fill(201));
    }
    const tooMany = await lock('/one-more.txt', 'exclusive');
    expect(tooMany.status).toBe(507);
    expect(await tooMany.text()).toContain('You hold 200 locks');
    expect((await fetch(d('/one-more.txt'), { headers: basic })).status).toBe(404);
    // an UNLOCK gives the place back
    expect((await fetch(d('/busy.txt'), { method: 'UNLOCK', headers: { ...basic, 'lock-token': tokens[5] } })).status).toBe(204);
    expect((await lock('/one-more.txt', 'exclusive')).status).toBe(201);
  });
});
