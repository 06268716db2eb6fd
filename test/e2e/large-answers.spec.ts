import { createGroup, eventually, signUp, Stack, startStack } from './harness';

// Answers larger than one NATS message (1 MiB) cross the bus in parts (platform rpc/reply-parts.ts): before, every
// answer over 1 MB hung for the RPC deadline and came back as a 503.

let stack: Stack;
beforeAll(async () => {
  // a 50 MB answer is read, built and sent in parts within one call's deadline (15 s by default): on CI's loaded machine
  // (load 15–20 on 2 cores) that ran out once; this spec is about the answer coming back whole, so it gives the call 60 s
  stack = await startStack('large_answers', { RPC_TIMEOUT_MS: '60000' });
});
afterAll(async () => {
  await stack?.close();
});

it('a _find whose answer is over 50 MB comes back whole (tickets of 100,000 Japanese characters)', async () => {
  const a = await signUp(stack, { confirm: true });
  const { id: acc } = await createGroup(a, 'Big answers');
  const content = `長い説明\n${'修理の記録です。'.repeat(12_400)}`; // ~99,000 characters, ~300 kB of UTF-8
  const count = 100;
  for (let i = 0; i < count; i += 5) {
    const made = await Promise.all([0, 1, 2, 3, 4].map((j) => a.browser.post(`/${acc}`, { klass: 'Ticket', content: `${i + j} ${content}` })));
    for (const r of made) expect(r.status).toBe(201);
  }
  const res = await a.browser.post(`/${acc}/_find`, { selector: { klass: 'Ticket' }, limit: 1000 });
  expect([res.status, res.status === 200 ? '' : res.body]).toEqual([200, '']);
  expect(Buffer.byteLength(JSON.stringify(res.body))).toBeGreaterThan(50 * 1024 * 1024);
  const body = res.body as { docs: Array<{ content: string; number: number }> };
  expect(body.docs).toHaveLength(count);
  expect(new Set(body.docs.map((d) => d.number)).size).toBe(count);
  for (const d of body.docs) expect(d.content.endsWith('修理の記録です。')).toBe(true);
}, 120_000);

it('a group with a handbook of 190,000 Japanese characters (1.1 MB stored) backs up and restores into a new group: the restore page, a request over one message, crosses the bus in parts', async () => {
  const a = await signUp(stack, { confirm: true });
  const { id: acc } = await createGroup(a, 'Big manual');
  const content = '日本語の整備手順書です。'.repeat(15_834).slice(0, 190_000);
  const made = await a.browser.post(`/${acc}`, { klass: 'Handbook', title: 'Japanese manual', content });
  expect(made.status).toBe(201);
  const backup = await a.browser.post(`/accounts/${acc}/backups`);
  expect(backup.status).toBe(202);
  const done = await eventually(
    () => a.browser.get(`/accounts/${acc}/backups`),
    (r) => r.body.docs?.some((d: { _id: string; status: string }) => d._id === backup.body._id && d.status !== 'queued' && d.status !== 'running'),
    60_000,
  );
  expect(done.body.docs.find((d: { _id: string }) => d._id === backup.body._id)).toMatchObject({ status: 'done', error: null });
  const started = await a.browser.post(`/accounts/${acc}/backups/${backup.body._id}/restore`, { mode: 'new' });
  expect(started.status).toBe(202);
  const restored = await eventually(
    () => a.browser.get(`/accounts/${acc}/backups/restores/${started.body._id}`),
    (r) => r.body.status === 'done' || r.body.status === 'failed',
    60_000,
  );
  expect(restored.body).toMatchObject({ status: 'done', error: null });
  const copy = await a.browser.get(`/${restored.body.target_account_id}/${made.body.id}`);
  expect([copy.status, copy.body.content === content]).toEqual([200, true]);
}, 180_000);
