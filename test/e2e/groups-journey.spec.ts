import { createGroup, createToken, eventually, linkToken, nextMail, PUBLIC_URL, signUp, Stack, startStack, User } from './harness';

// Issue 3's user flow over HTTP, with the real identity and accounts services behind the gateway: groups, invitations,
// roles in the session, bookmarks, administrator-only settings, phones and addresses, removing a member; and the change
// feed, the count-by-klass view and the security document of a group.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('groups');
});
afterAll(async () => {
  await stack?.close();
});

const NEED_SUBSCRIPTION = { error: 'forbidden', reason: 'You need a subscription to access this Group' };

async function configDoc(user: User, accountId: string, key: string) {
  const res = await user.browser.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key } });
  expect(res.status).toBe(200);
  return res.body.docs[0];
}

it('A creates a group and invites B; B confirms, accepts and bookmarks it; A manages it; A removes B, who loses access at once', async () => {
  // A registers, confirms and creates a group: the session then carries the group's role
  const a = await signUp(stack, { confirm: true });
  const group = await a.browser.post('/accounts', { name: '  Ana Repairs ' });
  expect(group).toMatchObject({
    status: 201,
    body: { ok: true, id: expect.stringMatching(/^acc-/), subscription_id: expect.stringMatching(/^sub-/), doc: { klass: 'Account', name: 'Ana Repairs', 'confirmed-plan': 'free' } },
  });
  const acc: string = group.body.id;
  const aSession = await a.browser.get('/_session');
  expect(aSession.body.userCtx.roles).toEqual([a.id, 'user', acc]);
  expect(aSession.body.memberships).toEqual([{ account_id: acc, subscription_id: group.body.subscription_id, account_name: 'Ana Repairs', bookmark: false, status: 'accepted' }]);
  expect(await a.browser.get(`/accounts/${acc}?fields=name,confirmed-plan`)).toMatchObject({ status: 200, body: { name: 'Ana Repairs', 'confirmed-plan': 'free' } });
  expect(await a.browser.get(`/${acc}/_security`)).toMatchObject({ status: 200, body: { admins: { roles: [a.id] }, members: { roles: [] } } });

  // B registers (not confirmed yet); A invites B's address: a pending membership and the invitation mail
  const b = await signUp(stack);
  const seen = stack.sink.to(b.email).length;
  const invite = await a.browser.post(`/${acc}`, { klass: 'Subscription', email: b.email.toUpperCase() });
  expect(invite).toMatchObject({ status: 201, body: { ok: true, doc: { klass: 'Subscription', status: 'pending', email: b.email, account_name: 'Ana Repairs', invited_by_id: a.id } } });
  const sub: string = invite.body.id;
  const mail = await nextMail(stack, b.email, seen, (m) => m.subject.includes('invited you'));
  expect(mail.subject).toBe('E2E User invited you to the group Ana Repairs on ServiceDesk');
  expect(mail.text).toContain(`${PUBLIC_URL}/user/profile?page=invites`);

  // unconfirmed, B does not see the invitation (the address is not proved yet) and cannot accept it
  const unproved = await b.browser.get('/_session');
  expect(unproved.body).toMatchObject({ confirmed: false, userCtx: { roles: [b.id, 'user'] } });
  expect(unproved.body.memberships ?? []).toEqual([]);
  expect((await b.browser.post(`/${b.id}/_find`, { selector: { klass: 'Subscription', status: 'pending' } })).body.docs).toEqual([]);
  const accept = `/${acc}/_design/status/_update/accept/${sub}`;
  expect(await b.browser.put(accept)).toMatchObject({ status: 403, body: { error: 'forbidden', reason: 'Please confirm your email first' } });

  // B confirms (the mailed link, in the signed-in browser) and sees the invitation: a role without access, and in the
  // profile's invites
  const confirmation = await nextMail(stack, b.email, 0, (m) => m.text.includes('/user/confirm/'));
  expect((await b.browser.post(`/_users/_confirm/${encodeURIComponent(linkToken(confirmation, 'confirm'))}`)).status).toBe(200);
  const pending = await b.browser.get('/_session');
  expect(pending.body).toMatchObject({ confirmed: true, userCtx: { roles: [b.id, 'user', acc] } });
  expect(pending.body.memberships).toEqual([{ account_id: acc, subscription_id: sub, account_name: 'Ana Repairs', bookmark: false, status: 'pending' }]);
  const invites = await b.browser.post(`/${b.id}/_find`, { selector: { klass: 'Subscription', status: 'pending' } });
  expect(invites.body.docs.map((d: { _id: string }) => d._id)).toEqual([sub]);
  expect(await b.browser.get(`/accounts/${acc}`)).toMatchObject({ status: 403, body: NEED_SUBSCRIPTION });

  // B accepts
  const accepted = await b.browser.put(accept);
  expect(accepted).toMatchObject({ status: 200, body: { ok: true, id: sub, doc: { status: 'accepted', user_id: b.id, user: { _id: b.id, email: b.email } } } });
  expect(await b.browser.put(accept)).toMatchObject({ status: 409, body: { error: 'conflict', reason: 'This invitation was already accepted' } });
  const member = await b.browser.get('/_session');
  expect(member.body).toMatchObject({ confirmed: true, userCtx: { roles: [b.id, 'user', acc] }, memberships: [{ account_id: acc, subscription_id: sub, status: 'accepted', bookmark: false }] });
  expect(await b.browser.get(`/accounts/${acc}`)).toMatchObject({ status: 200, body: { _id: acc, name: 'Ana Repairs' } });
  expect(await a.browser.get(`/${acc}/_security`)).toMatchObject({ body: { admins: { roles: [a.id] }, members: { roles: [b.id] } } });

  // B bookmarks it (from the profile: the user database)
  const bookmark = await b.browser.put(`/${b.id}/_design/bookmark/_update/true/${sub}`);
  expect(bookmark).toMatchObject({ status: 200, body: { ok: true, id: sub, doc: { bookmark: true } } });
  expect((await b.browser.get('/_session')).body.memberships).toEqual([{ account_id: acc, subscription_id: sub, account_name: 'Ana Repairs', bookmark: true, status: 'accepted' }]);
  const groups = await b.browser.post(`/${b.id}/_find`, { selector: { klass: 'Subscription', status: 'accepted' } });
  expect(groups.body.docs).toEqual([expect.objectContaining({ _id: sub, bookmark: true })]);

  // B is not an administrator: no profile edit, no features, no phones
  const account = (await a.browser.get(`/accounts/${acc}`)).body;
  expect(await b.browser.put(`/accounts/${acc}?rev=${account._rev}`, { name: 'Taken over', billing_email: 'b@example.com' })).toMatchObject({
    status: 403,
    body: { error: 'forbidden', reason: 'You are not allowed to access this data' },
  });
  const checklist = await configDoc(b, acc, 'checklist');
  expect(checklist).toMatchObject({ key: 'checklist', value: false });
  expect(await b.browser.put(`/${acc}/${checklist._id}?rev=${checklist._rev}`, { value: true })).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  expect((await b.browser.post(`/${acc}`, { klass: 'AccountConfiguration', key: 'maintenance', value: true })).status).toBe(403);
  expect((await b.browser.post(`/${acc}`, { klass: 'AccountConfiguration', key: 'phones', value: '[]' })).status).toBe(403);
  expect((await a.browser.get(`/accounts/${acc}`)).body).toMatchObject({ name: 'Ana Repairs', billing_email: null, _rev: account._rev });
  expect(await configDoc(a, acc, 'checklist')).toMatchObject({ value: false, _rev: checklist._rev });

  // A edits the profile and a feature, and adds a phone and an address, then a second phone
  const profile = await a.browser.put(`/accounts/${acc}?rev=${account._rev}`, { name: 'Ana Repairs Ltd', billing_email: 'billing@example.com' });
  expect(profile).toMatchObject({ status: 200, body: { ok: true, doc: { name: 'Ana Repairs Ltd', billing_email: 'billing@example.com' } } });
  expect((await a.browser.put(`/${acc}/${checklist._id}?rev=${checklist._rev}`, { value: true })).status).toBe(200);
  const office = { id: 'p1', main: true, description: 'Office', number: '+55 11 5555-0001', marktodelete: false };
  const shop = { id: 'a1', main: true, description: 'Shop', zip_code: '01000-000', street: 'Rua A', number: '10', neighborhood: 'Centro', complement: 'fundos', city: 'São Paulo', state: 'SP' };
  const phones = await a.browser.post(`/${acc}`, { klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify([office]) });
  expect(phones.status).toBe(201);
  expect((await a.browser.post(`/${acc}`, { klass: 'AccountConfiguration', key: 'addresses', value: JSON.stringify([shop]) })).status).toBe(201);
  const mobile = { uuid: 'u-2', main: false, description: 'Mobile', number: '+55 11 95555-0002' };
  expect((await a.browser.put(`/${acc}/${phones.body.id}?rev=${phones.body.rev}`, { value: JSON.stringify([office, mobile]) })).status).toBe(200);

  // B reads them (and the new name, in the session's memberships too)
  const settings = await b.browser.post(`/${acc}/_find`, { selector: { klass: 'AccountConfiguration', key: { $in: ['phones', 'addresses'] } } });
  const byKey = Object.fromEntries(settings.body.docs.map((d: { key: string; value: string }) => [d.key, JSON.parse(d.value)]));
  expect(byKey).toEqual({ phones: [office, mobile], addresses: [shop] });
  expect((await b.browser.get(`/accounts/${acc}`)).body.name).toBe('Ana Repairs Ltd');
  expect((await b.browser.get('/_session')).body.memberships[0].account_name).toBe('Ana Repairs Ltd');

  // A sees the members with their e-mails
  const members = await a.browser.post(`/${acc}/_find`, { selector: { klass: 'Subscription', user_id: { $ne: null } } });
  expect(members.body.docs.map((d: { user_id: string; email: string }) => [d.user_id, d.email]).sort()).toEqual([
    [a.id, a.email],
    [b.id, b.email],
  ].sort());

  // B cannot delete their own membership, from the group or from the profile
  const mine = (await b.browser.get(`/${acc}/${sub}`)).body;
  const deleteOwn = { status: 403, body: { error: 'forbidden', reason: 'You cannot delete your own subscription' } };
  expect(await b.browser.delete(`/${acc}/${sub}?rev=${mine._rev}`)).toMatchObject(deleteOwn);
  expect(await b.browser.delete(`/${b.id}/${sub}?rev=${mine._rev}`)).toMatchObject(deleteOwn);
  const bToken = await createToken(b);
  expect((await stack.browser().get(`/accounts/${acc}`, { bearer: bToken })).status).toBe(200);

  // A removes B: at once, B reaches nothing of the group, by cookie or by token
  expect(await a.browser.delete(`/${acc}/${sub}?rev=${mine._rev}`)).toMatchObject({ status: 200, body: { ok: true, id: sub } });
  for (const res of [
    await b.browser.get(`/accounts/${acc}`),
    await b.browser.post(`/${acc}/_find`, { selector: { klass: 'AccountConfiguration' } }),
    await b.browser.get(`/${acc}/_changes`),
    await b.browser.get(`/${acc}/${phones.body.id}`),
    await b.browser.get(`/${acc}`),
    await stack.browser().get(`/accounts/${acc}`, { bearer: bToken }),
    await stack.browser().get(`/${acc}/_changes?include_docs=true`, { bearer: bToken }),
  ]) {
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NEED_SUBSCRIPTION);
  }
  const gone = await b.browser.get('/_session');
  expect(gone.body.userCtx.roles).toEqual([b.id, 'user']);
  expect(gone.body.memberships).toEqual([]);
  expect(await a.browser.get(`/${acc}/_security`)).toMatchObject({ body: { admins: { roles: [a.id] }, members: { roles: [] } } });
});

it('the change feed: after 25 writes the last 20 come back newest first; a delete is a destroy with the id only', async () => {
  const a = await signUp(stack, { confirm: true });
  const { id: acc } = await createGroup(a, 'Feed');
  const revs: string[] = [];
  const created = await a.browser.post(`/${acc}`, { klass: 'AccountConfiguration', key: 'estimate-observation', value: 'v0' });
  expect(created.status).toBe(201);
  const doc: string = created.body.id;
  revs.push(created.body.rev);
  for (let i = 1; i <= 23; i++) {
    const res = await a.browser.put(`/${acc}/${doc}?rev=${revs[revs.length - 1]}`, { value: `v${i}` });
    expect(res.status).toBe(200);
    revs.push(res.body.rev);
  }
  const removed = await a.browser.delete(`/${acc}/${doc}?rev=${revs[revs.length - 1]}`);
  expect(removed.status).toBe(200);
  revs.push(removed.body.rev);
  expect(revs).toHaveLength(25);

  // the feed is filled asynchronously (JetStream → the accounts consumer)
  await eventually(
    () => a.browser.get(`/${acc}/_changes?since=0`),
    (res) => res.body.results.filter((r: { id: string }) => r.id === doc).length === 25,
  );
  const info = await a.browser.get(`/${acc}`);
  expect(info).toMatchObject({ status: 200, body: { db_name: acc, update_seq: expect.any(Number) } });
  const seq: number = info.body.update_seq;
  expect(seq).toBeGreaterThanOrEqual(25 + 2); // the group, its creator's membership and its settings came first

  const feed = await a.browser.get(`/${acc}/_changes?since=${seq - 20}&include_docs=true`);
  expect(feed.status).toBe(200);
  const results = feed.body.results as Array<Record<string, any>>;
  expect(results.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => seq - i));
  expect(feed.body.last_seq).toBe(seq);
  expect(results[0]).toEqual({ seq, id: doc, changes: [{ rev: revs[24] }], deleted: true, action: 'destroy', klass: 'AccountConfiguration', actor_label: 'E2E User' });
  results.slice(1).forEach((r, i) => {
    expect(r).toEqual({
      seq: seq - 1 - i,
      id: doc,
      changes: [{ rev: revs[23 - i] }],
      doc: { _id: doc, _rev: revs[23 - i], label: r.doc.label, updated_at: expect.any(String) },
      action: 'update',
      klass: 'AccountConfiguration',
      actor_label: 'E2E User', // the writer's full name, from their membership
    });
    expect(r.doc).toHaveProperty('label'); // the timeline shows the label, or the id when it is null
  });
  // from zero: the create is first of all of them when oldest first
  const oldest = await a.browser.get(`/${acc}/_changes?descending=false&since=${seq - 25}&limit=1`);
  expect(oldest.body.results).toEqual([expect.objectContaining({ id: doc, action: 'create', changes: [{ rev: revs[0] }] })]);
  expect(await a.browser.get(`/${acc}/_changes?limit=-1`)).toMatchObject({ status: 400, body: { error: 'bad_request' } });
});

it('counts records by klass (the admin tiles) and lists the administrators in _security', async () => {
  const a = await signUp(stack, { confirm: true });
  const { id: acc } = await createGroup(a, 'Counters');
  expect((await a.browser.post(`/${acc}`, { klass: 'Subscription', email: `x-${Date.now()}@example.com` })).status).toBe(201);
  // settings and phones are not records; the group and its two memberships are
  expect((await a.browser.post(`/${acc}`, { klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify([{ id: 'p', number: '1' }]) })).status).toBe(201);
  const view = `/${acc}/_design/count-by-klass/_view/all`;
  const rows = await eventually(
    () => a.browser.get(`${view}?group_level=1`),
    (res) => res.status === 200 && res.body.rows.some((r: { key: string; value: { count: number } }) => r.key === 'Subscription' && r.value.count === 2),
  );
  expect(rows.body.rows).toEqual([
    { key: 'Account', value: { kind: 'Account', amount: 1, count: 1, size: expect.any(Number) } },
    { key: 'Subscription', value: { kind: 'Subscription', amount: 2, count: 2, size: expect.any(Number) } },
  ]);
  const total = await a.browser.get(`${view}?group_level=0`);
  expect(total.body.rows).toEqual([{ key: null, value: { kind: null, amount: 3, count: 3, size: expect.any(Number) } }]);
  expect(await a.browser.get(`/${acc}/_security`)).toEqual(expect.objectContaining({ status: 200, body: { admins: { roles: [a.id] }, members: { roles: [] } } }));
});

it('refuses a second free group to an unconfirmed user with the spec’s sentence', async () => {
  const u = await signUp(stack);
  expect((await u.browser.post('/accounts', { name: 'First' })).status).toBe(201);
  expect(await u.browser.post('/accounts', { name: 'Second' })).toMatchObject({
    status: 403,
    body: { error: 'forbidden', reason: 'You can have only 1 free Group, confirm your email for more' },
  });
  expect(await u.browser.post('/accounts', {})).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: { name: 'cant-be-blank' } } });
});
