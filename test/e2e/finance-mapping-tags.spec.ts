import { createGroup, createToken, signUp, Stack, startStack } from './harness';

// A mapping rule's categories are stored as the records it writes are (spec §5 "Mapping categories are trimmed,
// lowercased and hyphenated"; issue 28 #9): what a person typed in the rule comes back as tags, on create and edit,
// and the records the rule writes carry the same tags.

let stack: Stack;
let db: string;
let auth: Record<string, string>;

beforeAll(async () => {
  stack = await startStack('finance-tags');
  const owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Tag shop')).id;
  auth = { authorization: `Bearer ${await createToken(owner)}`, 'content-type': 'application/json' };
}, 60_000);
afterAll(() => stack?.close());

type Json = Record<string, unknown>;
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

it("stores a rule's categories (the ones it sets and a condition on them) as tags, on create and on edit", async () => {
  const created = await call('POST', `/${db}`, {
    klass: 'Mapping',
    target: 'outgo',
    field_to_watch: 'categories',
    kind_of_watch: 'equals',
    text_to_match: ' Car Wash ',
    field_to_change: 'categories',
    kind_of_change: 'append',
    text_to_change: ' Transporte Urbano , Trabalho',
  });
  expect(created.status).toBe(201);
  const id = String(created.body.id);
  const stored = (await call('GET', `/${db}/${id}`)).body;
  expect(stored).toMatchObject({ text_to_match: 'car-wash', text_to_change: 'transporte-urbano,trabalho' });

  const edited = await call('PUT', `/${db}/${id}?rev=${String(stored._rev)}`, { ...stored, text_to_change: 'Viagem Longa' });
  expect(edited.status).toBe(200);
  expect((await call('GET', `/${db}/${id}`)).body).toMatchObject({ text_to_change: 'viagem-longa' });

  // the records it writes carry the same tags
  const wallet = await call('POST', `/${db}`, { klass: 'Wallet', name: 'Cash', currency: 'BRL', start_balance: 0 });
  const outgo = await call('POST', `/${db}`, { klass: 'Outgo', wallet_id: wallet.body.id, date: '2026-11-20', value: 10, description: 'Lavagem', categories: ['Car Wash'] });
  expect(outgo.status).toBe(201);
  const applied = await call('PUT', `/${db}/_design/mappings/_update/apply/${id}`);
  expect(applied.status).toBe(200);
  expect((await call('GET', `/${db}/${String(outgo.body.id)}`)).body.categories).toEqual(['car-wash', 'viagem-longa']);
});
