import { Browser, eventually, HttpResult, linkToken, newEmail, nextMail, PASSWORD, Stack, startStack } from './harness';

// What a group's members learn of each other's e-mail addresses over HTTP: a plain member sees no other person's
// address on any route of the accounts service (documents, finds, the change feed, the group, the session), while an
// administrator does; and an invitation shows (and can be accepted) only once the invited address is confirmed.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('privacy');
});
afterAll(async () => {
  await stack?.close();
});

interface Person {
  id: string;
  email: string;
  browser: Browser;
}

/** Registers (without a full name unless given: identity's label is then the address), optionally confirms, and signs in. */
async function register(opts: { confirm: boolean; fullname?: string }): Promise<Person> {
  const email = newEmail('privacy');
  const browser = stack.browser();
  const reg = await browser.post('/_users', { email, password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en', ...(opts.fullname ? { fullname: opts.fullname } : {}) });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  if (opts.confirm) await confirm({ id: reg.body._id, email, browser });
  const login = await browser.post('/_session', { username: email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  return { id: reg.body._id, email, browser };
}

async function confirm(p: Person): Promise<void> {
  const mail = await nextMail(stack, p.email, 0, (m) => m.text.includes('/user/confirm/'));
  const res = await p.browser.post(`/_users/_confirm/${encodeURIComponent(linkToken(mail, 'confirm'))}`);
  if (res.status !== 200) throw new Error(`confirm: ${res.status} ${res.text}`);
}

async function invite(admin: Person, acc: string, email: string): Promise<string> {
  const res = await admin.browser.post(`/${acc}`, { klass: 'Subscription', email });
  if (res.status !== 201) throw new Error(`invite: ${res.status} ${res.text}`);
  return res.body.id;
}

async function join(admin: Person, acc: string, member: Person): Promise<string> {
  const sub = await invite(admin, acc, member.email);
  const res = await member.browser.put(`/${acc}/_design/status/_update/accept/${sub}`);
  if (res.status !== 200) throw new Error(`accept: ${res.status} ${res.text}`);
  return sub;
}

const ok = (res: HttpResult): HttpResult => {
  if (res.status >= 400) throw new Error(`${res.status} ${res.text}`);
  return res;
};

describe('a plain member of a group whose people have no full names', () => {
  let admin: Person;
  let bob: Person;
  let carol: Person;
  let acc: string;
  const subs: Record<string, string> = {};
  const invitee = newEmail('invitee');
  const billing = newEmail('billing');
  const billingSetting = newEmail('billing-setting');

  beforeAll(async () => {
    admin = await register({ confirm: true });
    bob = await register({ confirm: true });
    carol = await register({ confirm: true });
    const group = ok(await admin.browser.post('/accounts', { name: 'Privacy Shop' }));
    acc = group.body.id;
    subs.admin = group.body.subscription_id;
    subs.bob = await join(admin, acc, bob);
    subs.carol = await join(admin, acc, carol);
    subs.invitee = await invite(admin, acc, invitee);
    const account = ok(await admin.browser.get(`/accounts/${acc}`)).body;
    ok(await admin.browser.put(`/accounts/${acc}?rev=${account._rev}`, { name: 'Privacy Shop', billing_email: billing }));
    ok(await admin.browser.post(`/${acc}`, { klass: 'AccountConfiguration', key: 'billing-email', value: billingSetting }));
    // the change feed is filled asynchronously: wait until it holds the invitation and the billing setting
    await eventually(
      () => admin.browser.get(`/${acc}/_changes?include_docs=true`),
      (res) => res.body.results.some((r: { id: string }) => r.id === subs.invitee) && res.body.results.some((r: { klass: string; doc?: { label: string } }) => r.doc?.label === 'billing-email'),
    );
  });

  /** Every answer a plain member can get from the accounts service about the group, as one text. */
  async function everythingSeenBy(p: Person): Promise<string> {
    const b = p.browser;
    const answers = [
      await b.get(`/${acc}/_changes?include_docs=true`),
      await b.get(`/${acc}/_changes?include_docs=true&descending=false&since=0`),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Subscription' } }),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Subscription' }, fields: ['_id', 'email', 'user', 'invited_by', 'label'] }),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Subscription', status: 'pending' } }),
      await b.post(`/${acc}/_find`, { selector: { klass: 'AccountConfiguration' }, limit: 1000 }),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Account' } }),
      await b.get(`/${acc}/${subs.admin}`),
      await b.get(`/${acc}/${subs.bob}`),
      await b.get(`/${acc}/${subs.carol}`),
      await b.get(`/${acc}/${subs.invitee}`),
      await b.get(`/${acc}/${acc}`),
      await b.get(`/accounts/${acc}`),
      await b.get(`/${acc}`),
      await b.get(`/${acc}/_security`),
      await b.get('/_session'),
      await b.post(`/${p.id}/_find`, { selector: { klass: 'Subscription' } }),
      await b.get(`/${p.id}/${p === bob ? subs.bob : subs.carol}`),
      await b.get(`/${acc}/_design/count-by-klass/_view/all?group=true`),
    ];
    for (const res of answers) expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: expect.any(String) });
    return answers.map((r) => r.text).join('\n');
  }

  it("finds, documents, the change feed, the group and the session hold none of the others' or the invitee's addresses (not even as labels)", async () => {
    const seen = await everythingSeenBy(bob);
    for (const other of [admin.email, carol.email, invitee, billing, billingSetting]) expect(seen).not.toContain(other);
    // the member's own record shows their own address
    expect((await bob.browser.get(`/${acc}/${subs.bob}`)).body).toMatchObject({ email: bob.email, user: { email: bob.email } });
  });

  it("labels of people without a full name are masked: the first letter of the address's local part, then …@domain", async () => {
    const others = (await bob.browser.post(`/${acc}/_find`, { selector: { klass: 'Subscription', user_id: { $in: [admin.id, carol.id] } } })).body.docs;
    const labels = Object.fromEntries(others.map((d: { user_id: string; user: { label: string } }) => [d.user_id, d.user.label]));
    expect(labels).toEqual({ [admin.id]: `${admin.email[0]}…@example.com`, [carol.id]: `${carol.email[0]}…@example.com` });
    const pending = (await bob.browser.get(`/${acc}/${subs.invitee}`)).body;
    expect(pending).not.toHaveProperty('email');
    expect(pending.invited_by).toEqual({ _id: admin.id, label: `${admin.email[0]}…@example.com`, gravatar_hash: expect.any(String) });
  });

  it('selecting or sorting on an address or a label finds the same for a real address as for one nobody has', async () => {
    const ids = async (body: Record<string, unknown>) => {
      const res = await bob.browser.post(`/${acc}/_find`, { limit: 1000, ...body });
      expect({ body, status: res.status }).toEqual({ body, status: 200 });
      for (const other of [admin.email, carol.email, invitee, billing, billingSetting]) expect(res.text).not.toContain(other);
      return res.body.docs.map((d: { _id: string }) => d._id).sort();
    };
    const probes = (address: string, billingAddress: string, settingAddress: string) => [
      { selector: { klass: 'Subscription', email: address } },
      { selector: { klass: 'Subscription', 'user.email': address } },
      { selector: { klass: 'Subscription', 'user.label': address } },
      { selector: { klass: 'Subscription', user: { label: { $regex: `^${address.split('@')[0]}` } } } },
      { selector: { klass: 'Subscription', 'invited_by.label': address } },
      { selector: { klass: 'Subscription', $not: { 'user.label': address } } },
      { selector: { klass: 'Account', billing_email: billingAddress } },
      { selector: { klass: 'AccountConfiguration', key: 'billing-email', value: settingAddress } },
    ];
    const nobody = newEmail('nobody');
    for (const [i, probe] of probes(carol.email, billing, billingSetting).entries()) {
      expect({ probe, found: await ids(probe) }).toEqual({ probe, found: await ids(probes(nobody, nobody, nobody)[i]) });
    }
    for (const [i, probe] of probes(admin.email, billing, billingSetting).entries()) {
      expect({ probe, found: await ids(probe) }).toEqual({ probe, found: await ids(probes(nobody, nobody, nobody)[i]) });
    }
    // sorted by address, only what is shown unchanged: the member's own membership, then the invitation (no user)
    expect(await bob.browser.post(`/${acc}/_find`, { selector: { klass: 'Subscription' }, sort: [{ 'user.email': 'asc' }] })).toMatchObject({
      body: { docs: [{ _id: subs.bob }, { _id: subs.invitee }] },
    });
    // the member's own record is still found by their own address
    expect(await ids({ selector: { klass: 'Subscription', email: bob.email } })).toEqual([subs.bob]);
  });

  it("a plain member cannot write someone else's membership, not even unchanged (whose answer would carry it)", async () => {
    const theirs = (await bob.browser.get(`/${acc}/${subs.carol}`)).body;
    const res = await bob.browser.put(`/${acc}/${subs.carol}?rev=${theirs._rev}`, {});
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(res.text).not.toContain(carol.email);
  });

  it('the administrator still sees every address: members, invitation, billing, change-feed labels', async () => {
    const text = [
      await admin.browser.post(`/${acc}/_find`, { selector: { klass: 'Subscription' } }),
      await admin.browser.get(`/${acc}/_changes?include_docs=true`),
      await admin.browser.get(`/accounts/${acc}`),
      await admin.browser.post(`/${acc}/_find`, { selector: { klass: 'AccountConfiguration', key: 'billing-email' } }),
    ]
      .map((r) => r.text)
      .join('\n');
    for (const address of [bob.email, carol.email, invitee, billing, billingSetting]) expect(text).toContain(address);
    const members = (await admin.browser.post(`/${acc}/_find`, { selector: { klass: 'Subscription', 'user.email': carol.email } })).body.docs;
    expect(members.map((d: { _id: string }) => d._id)).toEqual([subs.carol]);
  });
});

describe('an invitation to an address its user has not confirmed', () => {
  it('is not shown nor accepted until the address is confirmed; then it is', async () => {
    const admin = await register({ confirm: true });
    const group = ok(await admin.browser.post('/accounts', { name: 'Unproved' }));
    const acc: string = group.body.id;
    const user = await register({ confirm: false });
    const sub = await invite(admin, acc, user.email);

    const session = (await user.browser.get('/_session')).body;
    expect(session).toMatchObject({ confirmed: false });
    expect(session.userCtx.roles).toEqual([user.id, 'user']);
    expect(JSON.stringify(session)).not.toContain('Unproved');
    const invites = await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'Subscription' } });
    expect(invites).toMatchObject({ status: 200, body: { docs: [] } });
    expect(await user.browser.get(`/${user.id}/${sub}`)).toMatchObject({ status: 404 });
    const accept = `/${acc}/_design/status/_update/accept/${sub}`;
    expect(await user.browser.put(accept)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await user.browser.get(`/${acc}/_changes`)).status).toBe(403);

    await confirm(user);
    const listed = await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'Subscription' } });
    expect(listed.body.docs).toEqual([expect.objectContaining({ _id: sub, account_name: 'Unproved', status: 'pending', email: user.email })]);
    expect(listed.text).not.toContain(admin.email); // the inviter's label is masked for the invitee too
    expect(await user.browser.get(`/${user.id}/${sub}`)).toMatchObject({ status: 200, body: { _id: sub, status: 'pending' } });
    expect(await user.browser.put(accept)).toMatchObject({ status: 200, body: { ok: true, doc: { status: 'accepted', user_id: user.id } } });
  });
});

describe('members with full names (issue 28 #4: the members list and a member page name them by their names)', () => {
  it("an administrator gets each member's address with the name, on the list's find and on the member's page; a plain member does not", async () => {
    const admin = await register({ confirm: true, fullname: 'Ada Admin' });
    const bob = await register({ confirm: true, fullname: 'Bob Lima' });
    const carol = await register({ confirm: true, fullname: 'Carol Reis' });
    const group = ok(await admin.browser.post('/accounts', { name: 'Named Shop' }));
    const acc: string = group.body.id;
    const bobSub = await join(admin, acc, bob);
    const carolSub = await join(admin, acc, carol);

    // what the members page asks (a find of the memberships) and what a member's page asks (the membership)
    const list = ok(await admin.browser.post(`/${acc}/_find`, { selector: { klass: 'Subscription' }, limit: 1000 })).body.docs as Array<{ _id: string; user?: { email?: string; fullname?: string } }>;
    const byId = Object.fromEntries(list.map((d) => [d._id, d.user]));
    expect(byId[bobSub]).toMatchObject({ fullname: 'Bob Lima', email: bob.email });
    expect(byId[carolSub]).toMatchObject({ fullname: 'Carol Reis', email: carol.email });
    expect(ok(await admin.browser.get(`/${acc}/${carolSub}`)).body).toMatchObject({ email: carol.email, user: { fullname: 'Carol Reis', email: carol.email } });

    // the privacy rule hides them from plain members only
    const seenByBob = [await bob.browser.post(`/${acc}/_find`, { selector: { klass: 'Subscription' } }), await bob.browser.get(`/${acc}/${carolSub}`)];
    for (const res of seenByBob) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(carol.email);
      expect(res.text).not.toContain(admin.email);
    }
    expect(seenByBob[1].body.user).toMatchObject({ fullname: 'Carol Reis', label: 'Carol Reis' });
  });
});

describe('a membership the update handlers cannot find (issue 28 #9, spec §8)', () => {
  it('is subscription_not_found (404) "Could not find this Member subscription", for accept and bookmark', async () => {
    const admin = await register({ confirm: true });
    const acc: string = ok(await admin.browser.post('/accounts', { name: 'Lookup Shop' })).body.id;
    const missing = 'sub-0000000000000000nothing';
    const answers = [
      await admin.browser.put(`/${acc}/_design/status/_update/accept/${missing}`),
      await admin.browser.put(`/${acc}/_design/bookmark/_update/true/${missing}`),
      await admin.browser.put(`/${admin.id}/_design/bookmark/_update/true/${missing}`),
    ];
    for (const res of answers) expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: 'subscription_not_found', reason: 'Could not find this Member subscription' } });
    // a plain read of a missing record stays not_found/missing (the member page's not-found page)
    expect(await admin.browser.get(`/${acc}/${missing}`)).toMatchObject({ status: 404, body: { error: 'not_found', reason: 'missing' } });
  });
});

