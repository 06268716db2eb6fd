import { Browser, createGroup, createToken, HttpResult, signUp, sleep, Stack, startStack, User } from './harness';

// The cross-tenant matrix: every route of the OpenAPI document with a `{db}` or `{account_id}` parameter, every method,
// called by a user of another group — by session cookie (with the XSRF header) and by bearer token — on the victim's
// group and user database, with the victim's real document ids. Each call must be a 403 `{error, reason}` that shows
// nothing of the victim, and nothing of the victim's may change. The routes come from the document, so a route added
// without the tenancy check fails here without anyone adding it to a list.

let stack: Stack;
let victim: User;
let attacker: User;
let attackerToken: string;
const v = {} as {
  account: string;
  name: string;
  creatorSub: string;
  invitation: string;
  invitedEmail: string;
  phones: string;
  checklist: string;
  tokenId: string;
  userConfig: string;
  revs: Map<string, string>;
};

beforeAll(async () => {
  stack = await startStack('tenancy');
  victim = await signUp(stack, { confirm: true });
  attacker = await signUp(stack, { confirm: true });
  await createGroup(attacker, 'Attacker group'); // a user of another account
  attackerToken = await createToken(attacker, ['read', 'write']);

  v.name = `Victim secret group ${Date.now()}`;
  const group = await createGroup(victim, v.name);
  v.account = group.id;
  v.creatorSub = group.subscription_id;
  v.invitedEmail = `victim-friend-${Date.now()}@example.com`;
  const invitation = await victim.browser.post(`/${v.account}`, { klass: 'Subscription', email: v.invitedEmail });
  expect(invitation.status).toBe(201);
  v.invitation = invitation.body.id;
  const phones = await victim.browser.post(`/${v.account}`, { klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify([{ id: 'p1', number: '+55 11 4444-9999' }]) });
  expect(phones.status).toBe(201);
  v.phones = phones.body.id;
  const checklist = await victim.browser.post(`/${v.account}/_find`, { selector: { klass: 'AccountConfiguration', key: 'checklist' } });
  v.checklist = checklist.body.docs[0]._id;
  const token = await victim.browser.post(`/${victim.id}`, { klass: 'UserToken', description: 'victim token', permissions: ['read'] });
  expect(token.status).toBe(201);
  v.tokenId = token.body.id;
  const locale = await victim.browser.post(`/${victim.id}`, { klass: 'UserConfiguration', key: 'locale', value: 'pt-BR' });
  expect(locale.status).toBe(201);
  v.userConfig = locale.body.id;
  v.revs = new Map();
});

afterAll(async () => {
  await stack?.close();
});

/** Everything the victim can read of their own: it must be the same after the matrix. */
async function victimState() {
  const b = victim.browser;
  const find = async (db: string, selector: Record<string, unknown>) => {
    const res = await b.post(`/${db}/_find`, { selector, limit: 1000 });
    expect(res.status).toBe(200);
    return (res.body.docs as Array<{ _id: string }>).sort((x, y) => x._id.localeCompare(y._id));
  };
  return {
    account: (await b.get(`/accounts/${v.account}`)).body,
    subscriptions: await find(v.account, { klass: 'Subscription' }),
    configuration: await find(v.account, { klass: 'AccountConfiguration' }),
    security: (await b.get(`/${v.account}/_security`)).body,
    tokens: await find(victim.id, { klass: 'UserToken' }),
    userConfiguration: await find(victim.id, { klass: 'UserConfiguration' }),
    memberships: await find(victim.id, { klass: 'Subscription' }),
  };
}

/** The group's update_seq once the change feed has caught up (no change for a while). */
async function settledSeq(): Promise<number> {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const seq = (await victim.browser.get(`/${v.account}`)).body.update_seq as number;
    if (seq === last && seq > 0) return seq;
    last = seq;
    await sleep(400);
  }
  throw new Error('the change feed did not settle');
}

type Params = Record<string, string>;

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** The values a path parameter takes: the victim's databases and real documents, real design names. */
function paramSets(path: string): Params[] {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const dbs = names.includes('db') ? [v.account, victim.id] : names.includes('account_id') ? [v.account] : [];
  const sets: Params[] = [];
  for (const db of dbs) {
    const onGroup = db === v.account;
    const ids = onGroup ? [v.creatorSub, v.invitation, v.phones, v.checklist, v.account] : [v.userConfig, v.tokenId, v.creatorSub];
    const designs: Array<[string, string]> = names.includes('view')
      ? [['count-by-klass', 'all']]
      : names.includes('handler')
        ? [
            ['bookmark', 'true'],
            ['status', 'accept'],
          ]
        : [['', '']];
    // an update handler takes a membership id; a plain document route every kind of document
    const idsHere = names.includes('handler') ? [v.creatorSub, v.invitation] : names.includes('id') ? ids : [''];
    for (const [design, second] of designs) {
      for (const id of idsHere) {
        const set: Params = {};
        for (const name of names) {
          if (name === 'db' || name === 'account_id') set[name] = db;
          else if (name === 'id') set[name] = id;
          else if (name === 'design') set[name] = design;
          else if (name === 'view' || name === 'handler') set[name] = second;
          else set[name] = v.creatorSub; // a parameter this test does not know yet: a real victim id
        }
        sets.push(set);
      }
    }
  }
  return sets;
}

/** Bodies that would succeed for the victim, so only the tenancy check can stop them. */
function bodiesFor(method: string, template: string, params: Params, op: { requestBody?: unknown }): unknown[] {
  const onGroup = (params.db ?? params.account_id) === v.account;
  const key = `${method.toUpperCase()} ${template}`;
  switch (key) {
    case 'POST /{db}/_find':
      return onGroup
        ? [{ selector: { klass: 'Subscription' } }, { selector: { klass: 'AccountConfiguration' } }]
        : [{ selector: { klass: 'UserToken' } }, { selector: { klass: 'Subscription' } }];
    case 'POST /{db}':
      return onGroup
        ? [
            { klass: 'AccountConfiguration', key: 'estimate-observation', value: 'pwned' },
            { klass: 'Subscription', email: attacker.email, admin: true },
          ]
        : [{ klass: 'UserConfiguration', key: 'pwned', value: 'x' }, { klass: 'UserToken', description: 'pwned', permissions: ['read', 'write'] }];
    case 'PUT /{db}/{id}':
      return [{ value: 'pwned', name: 'pwned', admin: true, all_notifications: true, active: true }];
    case 'PUT /accounts/{account_id}':
      return [{ name: 'pwned', billing_email: 'attacker@example.com' }];
    default:
      return [op.requestBody ? {} : undefined];
  }
}

function queryFor(method: string, template: string, params: Params): string {
  const rev = params.id ? v.revs.get(params.id) : params.account_id ? v.revs.get(params.account_id) : undefined;
  if ((method === 'put' || method === 'delete') && rev) return `?rev=${encodeURIComponent(rev)}`;
  if (template.endsWith('/_changes')) return '?since=0&include_docs=true';
  if (template.endsWith('/_view/{view}')) return '?group_level=1';
  return '';
}

/** What of the victim must never show in an answer to the attacker. */
function secrets(): string[] {
  return [v.name, v.account, victim.id, victim.email, v.creatorSub, v.invitation, v.invitedEmail, v.phones, v.checklist, v.tokenId, v.userConfig, '4444-9999'];
}

function expectRefused(res: HttpResult, what: string): void {
  const shown = `${what} → ${res.status} ${res.text}`;
  expect([shown, res.status]).toEqual([shown, 403]);
  expect([shown, Object.keys(res.body ?? {}).sort()]).toEqual([shown, ['error', 'reason']]);
  expect([shown, res.body.error, typeof res.body.reason]).toEqual([shown, 'forbidden', 'string']);
  for (const secret of secrets()) expect([shown, res.text.includes(secret)]).toEqual([shown, false]);
}

it('refuses every /{db} and /{account_id} route of the OpenAPI document to a user of another group, by cookie and by token', async () => {
  // the revisions a real write would send
  for (const [db, id] of [
    [v.account, v.creatorSub],
    [v.account, v.invitation],
    [v.account, v.phones],
    [v.account, v.checklist],
    [victim.id, v.tokenId],
    [victim.id, v.userConfig],
  ]) {
    const doc = await victim.browser.get(`/${db}/${id}`);
    expect(doc.status).toBe(200);
    v.revs.set(id, doc.body._rev);
  }
  v.revs.set(v.account, (await victim.browser.get(`/accounts/${v.account}`)).body._rev);

  const seqBefore = await settledSeq();
  const before = await victimState();
  expect(before.subscriptions).toHaveLength(2);
  expect(before.tokens.length).toBeGreaterThan(0);

  const doc = (await stack.browser().get('/api/docs-json')).body as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  const tenantRoutes = Object.entries(doc.paths).filter(([path]) => path.includes('{db}') || path.includes('{account_id}'));
  const checked = new Set<string>();
  let calls = 0;
  const modes: Array<[string, (method: string, url: string, body: unknown) => Promise<HttpResult>]> = [
    ['cookie', (method, url, body) => attacker.browser.request(method, url, { body })],
    ['token', (method, url, body) => new Browser(stack.url).request(method, url, { body, bearer: attackerToken })],
  ];

  for (const [template, ops] of tenantRoutes) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const route = `${method.toUpperCase()} ${template}`;
      for (const params of paramSets(template)) {
        const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
        const url = path + queryFor(method, template, params);
        for (const body of bodiesFor(method, template, params, op)) {
          for (const [mode, send] of modes) {
            const res = await send(method.toUpperCase(), url, body);
            expectRefused(res, `${mode} ${method.toUpperCase()} ${url} ${JSON.stringify(body) ?? ''}`);
            calls++;
          }
        }
        checked.add(route);
      }
    }
  }

  // a sub-group of the victim's group
  for (const [mode, send] of modes) {
    expectRefused(await send('POST', '/accounts', { name: 'Sub', parent_account_id: v.account }), `${mode} POST /accounts with parent_account_id`);
  }

  // the document has every tenant route of today (so an empty or shrunken iteration cannot pass) …
  expect([...checked].sort()).toEqual(
    expect.arrayContaining([
      'GET /{db}',
      'POST /{db}',
      'POST /{db}/_find',
      'GET /{db}/_changes',
      'GET /{db}/_security',
      'GET /{db}/_design/{design}/_view/{view}',
      'PUT /{db}/_design/{design}/_update/{handler}/{id}',
      'GET /{db}/{id}',
      'PUT /{db}/{id}',
      'DELETE /{db}/{id}',
      'GET /accounts/{account_id}',
      'PUT /accounts/{account_id}',
      'GET /accounts/{account_id}/groups',
    ]),
  );
  expect(checked.size).toBeGreaterThanOrEqual(13);
  // … and each was tried in every way: every route with at least one database, both modes
  const operations = tenantRoutes.reduce((n, [, ops]) => n + METHODS.filter((m) => ops[m]).length, 0);
  expect(checked.size).toBe(operations);
  expect(calls).toBeGreaterThanOrEqual(2 * 13);

  // nothing of the victim's changed
  await sleep(1500); // a write that got through would reach the change feed within this
  expect(await victimState()).toEqual(before);
  expect((await victim.browser.get(`/${v.account}`)).body.update_seq).toBe(seqBefore);
  expect((await victim.browser.get('/_session')).body.memberships).toEqual([
    { account_id: v.account, subscription_id: v.creatorSub, account_name: v.name, bookmark: false, status: 'accepted' },
  ]);
  // and the attacker gained nothing
  const session = (await attacker.browser.get('/_session')).body;
  expect(session.userCtx.roles).not.toContain(v.account);
  expect(JSON.stringify(session)).not.toContain(v.account);
});

it('still lets the victim use every one of those routes (the matrix is not refusing everybody)', async () => {
  const b = victim.browser;
  expect((await b.get(`/${v.account}`)).status).toBe(200);
  expect((await b.get(`/${victim.id}`)).status).toBe(200);
  expect((await b.get(`/${v.account}/_changes?since=0`)).status).toBe(200);
  expect((await b.get(`/${v.account}/_security`)).status).toBe(200);
  expect((await b.get(`/${v.account}/_design/count-by-klass/_view/all?group_level=1`)).status).toBe(200);
  expect((await b.get(`/${v.account}/${v.phones}`)).status).toBe(200);
  expect((await b.get(`/accounts/${v.account}`)).status).toBe(200);
  expect((await b.get(`/accounts/${v.account}/groups`)).body).toEqual({ docs: [] });
  expect((await b.put(`/${victim.id}/_design/bookmark/_update/true/${v.creatorSub}`)).status).toBe(200);
});
