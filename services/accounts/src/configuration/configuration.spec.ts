import { AccountsHarness, ctxOf, failure, newUser, startAccounts } from '../testing/accounts-harness';

// Account configuration through the document protocol (POST /{account_id}, PUT /{account_id}/{id}?rev=): every key of
// spec §3, written by administrators, values checked per key; phones and addresses as JSON-text lists.
describe('account configuration', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccounts('configuration');
  });

  afterAll(async () => {
    await h?.close();
  });

  async function group() {
    const owner = newUser();
    const res = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name: 'Config' });
    return { id: res.id, admin: ctxOf(owner, res.id, { admin: true }), member: ctxOf(newUser(), res.id) };
  }

  const post = (ctx: ReturnType<typeof ctxOf>, key: unknown, value: unknown, extra: Record<string, unknown> = {}) =>
    h.rpc.call('accounts.doc.post', { ctx, doc: { klass: 'AccountConfiguration', key, value, ...extra } });

  async function byKey(ctx: ReturnType<typeof ctxOf>, key: string) {
    const { docs } = await h.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'AccountConfiguration', key } } });
    return docs[0];
  }

  const phone = (id: string, number: string, main = false) => ({ id, main, description: 'Office', number, marktodelete: false });

  it('members read it; administrators switch features on and off', async () => {
    const g = await group();
    const checklist = await byKey(g.member, 'checklist');
    expect(checklist).toMatchObject({ key: 'checklist', value: false });
    const res = await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: checklist._id, rev: checklist._rev, doc: { value: true } });
    expect(res.doc).toMatchObject({ key: 'checklist', value: true });
    expect(await failure(h.rpc.call('accounts.doc.put', { ctx: g.member, id: checklist._id, rev: res.rev, doc: { value: false } }))).toEqual({
      error: 'forbidden',
      reason: 'You are not allowed to access this data',
      status: 403,
    });
    expect((await failure(post(g.member, 'estimate-observation', 'x'))).status).toBe(403);
    expect((await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: checklist._id, rev: res.rev, doc: { value: 'yes' } }))).reason).toEqual({ value: 'is-invalid' });
    expect((await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: checklist._id, rev: res.rev, doc: { key: 'billing', value: true } }))).reason).toEqual({ key: 'is-invalid' });
    expect((await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: checklist._id, rev: checklist._rev, doc: { value: false } }))).status).toBe(409);
  });

  it('checks keys and values', async () => {
    const g = await group();
    expect(await failure(post(g.admin, 'colour', 'red'))).toEqual({ error: 'unprocessable_entity', reason: { key: 'not-in-list' }, status: 422 });
    expect((await failure(post(g.admin, undefined, 'red'))).reason).toEqual({ key: 'cant-be-blank' });
    // one document per key
    expect(await failure(post(g.admin, 'budget', false))).toEqual({ error: 'unprocessable_entity', reason: { key: 'has-already-been-taken' }, status: 422 });
    const receipt = await byKey(g.admin, 'contract-receipt');
    expect((await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: receipt._id, rev: receipt._rev, doc: { value: 'never' } }))).reason).toEqual({ value: 'not-in-list' });
    expect((await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: receipt._id, rev: receipt._rev, doc: { value: 'always' } })).doc).toMatchObject({ value: 'always' });
    // free texts (receipt texts: the text tab)
    const obs = await post(g.admin, 'estimate-observation', 'Valid for 10 days', { _id: 'acn-estimate-observation' });
    expect(obs).toMatchObject({ id: 'acn-estimate-observation', doc: { key: 'estimate-observation', value: 'Valid for 10 days' } });
    expect((await failure(post(g.admin, 'receipt-configuration', 12))).reason).toEqual({ value: 'is-invalid' });
    expect((await failure(post(g.admin, 'name', ' '))).reason).toEqual({ value: 'cant-be-blank' });
    expect((await failure(post(g.admin, 'receipt-configuration', 'x', { colour: 1 }))).status).toBe(400);
  });

  it('refuses a billing-email setting that is not one plain address (422 {value: is-invalid}); takes a plain one', async () => {
    const g = await group();
    expect(await failure(post(g.admin, 'billing-email', 'abc'))).toEqual({ error: 'unprocessable_entity', reason: { value: 'is-invalid' }, status: 422 });
    const saved = await post(g.admin, 'billing-email', ' pay@shop.com ');
    expect(saved.doc).toMatchObject({ key: 'billing-email', value: 'pay@shop.com' });
    expect((await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: saved.id, rev: saved.rev, doc: { value: 'pay@shop' } }))).reason).toEqual({ value: 'is-invalid' });
  });

  it('refuses the keys only the server writes', async () => {
    const g = await group();
    const managed = { error: 'forbidden', reason: 'This setting is managed by the server', status: 403 };
    const plan = await byKey(g.admin, 'confirmed-plan');
    expect(await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: plan._id, rev: plan._rev, doc: { value: 'corp' } }))).toEqual(managed);
    expect(await failure(h.rpc.call('accounts.doc.delete', { ctx: g.admin, id: plan._id, rev: plan._rev }))).toEqual(managed);
    for (const key of ['unconfirmed-plan', 'livemode', 'platform_customer_id']) expect(await failure(post(g.admin, key, 'x'))).toEqual(managed);
    const createdBy = await byKey(g.admin, 'created-by');
    expect(await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: createdBy._id, rev: createdBy._rev, doc: { value: 'usr-me' } }))).toEqual(managed);
  });

  it('stores phones as a JSON-text list: new, edit, delete, one main', async () => {
    const g = await group();
    const created = await post(g.admin, 'phones', JSON.stringify([phone('p1', '+55 11 5555-0001', true)]));
    expect(JSON.parse(created.doc!.value as string)).toEqual([phone('p1', '+55 11 5555-0001', true)]);
    // a member reads it
    expect(JSON.parse((await byKey(g.member, 'phones')).value as string)).toHaveLength(1);

    const two = JSON.stringify([phone('p1', '+55 11 5555-0001', true), { uuid: 'u-2', number: '555-0002' }]);
    const edited = await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: created.id, rev: created.rev, doc: { value: two } });
    expect(JSON.parse(edited.doc!.value as string).map((p: { number: string }) => p.number)).toEqual(['+55 11 5555-0001', '555-0002']);

    const deleted = await h.rpc.call('accounts.doc.put', {
      ctx: g.admin,
      id: created.id,
      rev: edited.rev,
      doc: { value: [{ ...phone('p1', '+55 11 5555-0001', true), marktodelete: true }, { uuid: 'u-2', number: '555-0002', main: true }] },
    });
    expect(JSON.parse(deleted.doc!.value as string)).toEqual([{ uuid: 'u-2', number: '555-0002', main: true }]);

    const put = (value: unknown) => h.rpc.call('accounts.doc.put', { ctx: g.admin, id: created.id, rev: deleted.rev, doc: { value } });
    expect(await failure(put(JSON.stringify([phone('a', '1', true), phone('b', '2', true)])))).toEqual({ error: 'unprocessable_entity', reason: { value: 'only-one-main' }, status: 422 });
    expect((await failure(put(JSON.stringify([phone('a', ' ')])))).reason).toEqual({ 'value.0.number': 'cant-be-blank' });
    expect((await failure(put(JSON.stringify([{ number: '1' }])))).reason).toEqual({ 'value.0.id': 'cant-be-blank' });
    expect((await failure(put(JSON.stringify([{ id: 'a', number: '1', fax: true }])))).reason).toEqual({ 'value.0': 'is-invalid' });
    expect((await failure(put(JSON.stringify([{ id: 'a', number: '1', main: 'yes' }])))).reason).toEqual({ 'value.0.main': 'is-invalid' });
    expect((await failure(put('{not json'))).reason).toEqual({ value: 'is-invalid' });
    expect((await failure(put(JSON.stringify({ id: 'a' })))).reason).toEqual({ value: 'is-invalid' });
    expect((await failure(put(JSON.stringify([phone('a', '1'), phone('a', '2')])))).reason).toEqual({ value: 'is-invalid' });
  });

  it('stores addresses as a JSON-text list with their fields', async () => {
    const g = await group();
    const address = { id: 'a1', main: true, description: 'Shop', zip_code: '01000-000', street: 'Rua A', number: '10', neighborhood: 'Centro', complement: 'fundos', city: 'São Paulo', state: 'SP' };
    const created = await post(g.admin, 'addresses', JSON.stringify([address]));
    expect(JSON.parse(created.doc!.value as string)).toEqual([address]);
    expect((await failure(post(g.admin, 'phones', JSON.stringify([address])))).reason).toEqual({ 'value.0': 'is-invalid' });
    const g2 = await group();
    expect((await failure(post(g2.admin, 'addresses', JSON.stringify([{ ...address, city: 5 }])))).reason).toEqual({ 'value.0.city': 'is-invalid' });
    expect((await failure(post(g2.admin, 'addresses', JSON.stringify([{ ...address, zip_code: 'x'.repeat(21) }])))).reason).toEqual({ 'value.0.zip_code': 'is-too-long' });
  });

  it('administrators delete a setting they own', async () => {
    const g = await group();
    const obs = await post(g.admin, 'estimate-observation', 'text');
    expect((await failure(h.rpc.call('accounts.doc.delete', { ctx: g.member, id: obs.id, rev: obs.rev }))).status).toBe(403);
    await h.rpc.call('accounts.doc.delete', { ctx: g.admin, id: obs.id, rev: obs.rev });
    expect(await byKey(g.admin, 'estimate-observation')).toBeUndefined();
    await post(g.admin, 'estimate-observation', 'again');
  });
});
