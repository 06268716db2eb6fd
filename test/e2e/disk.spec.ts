import { createToken, createGroup, signUp, Stack, startStack } from './harness';

// The disk through the gateway as a user and a WebDAV client meet it: folders by the document API, bytes by /files and
// /dav, versions, trash, quota, and who may do what.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('disk');
}, 60_000);
afterAll(() => stack?.close());

describe('disk', () => {
  it('uploads a file with PUT /files/{account}/content and downloads the same bytes', async () => {
    const owner = await signUp(stack, { confirm: true });
    const group = await createGroup(owner, 'Disk shop');
    const token = await createToken(owner);
    const auth = { authorization: `Bearer ${token}` };
    const put = await fetch(`${stack.url}/files/${group.id}/content?name=notes.txt`, { method: 'PUT', headers: { ...auth, 'content-type': 'text/plain' }, body: 'hello disk' });
    expect(put.status).toBe(201);
    const reply = (await put.json()) as { id: string; version: number; size: number };
    expect(reply).toMatchObject({ ok: true, version: 1, size: 10 });
    const get = await fetch(`${stack.url}/files/${group.id}/${reply.id}`, { headers: auth });
    expect([get.status, get.status === 200 ? '' : await get.clone().text()]).toEqual([200, '']);
    expect(await get.text()).toBe('hello disk');
    const dav = await fetch(`${stack.url}/dav/${group.id}/notes.txt`, { headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${token}`).toString('base64')}` } });
    expect(dav.status).toBe(200);
    expect(await dav.text()).toBe('hello disk');
  });
});
