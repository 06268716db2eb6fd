import { ctxOf, failure, IdentityHarness, linkToken, newEmail, nextMail, registerUser, startIdentity } from '../testing/identity-harness';

// identity.user.* over NATS against the real service (register, read, profile and password changes, e-mail change).
describe('identity users', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentity('users');
  });

  afterAll(async () => {
    await h?.close();
  });

  describe('register', () => {
    it('creates the user, shows no secrets and mails the confirmation link (en)', async () => {
      const email = newEmail();
      const user = await h.rpc.call('identity.user.register', {
        _id: 'org.couchdb.user:x',
        unconfirmed_email: `  ${email.toUpperCase()} `,
        fullname: 'Ana Souza',
        password: 'secret-1',
        password_confirmation: 'secret-1',
        accept: true,
        locale: 'en',
      } as never);
      expect(user).toMatchObject({
        klass: 'User',
        email,
        fullname: 'Ana Souza',
        label: 'Ana Souza',
        short_name: 'Ana',
        locale: 'en',
        newsletter: false,
        confirmed_at: null,
        unconfirmed_email: null,
      });
      expect(user._id).toMatch(/^usr-/);
      expect(user.name).toBe(user._id);
      expect(user._rev).toMatch(/^1-/);
      expect(user.gravatar_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(user.confirmation_sent_at).not.toBeNull();
      expect(JSON.stringify(user)).not.toMatch(/password|token_hash|argon/);

      const mail = await h.sink.waitFor(email);
      expect(mail.subject).toBe('Confirm your e-mail address for ServiceDesk');
      expect(mail.text).toContain('Hello Ana Souza,');
      expect(mail.text).toMatch(new RegExp(`${h.publicUrl}/user/confirm/[A-Za-z0-9_-]{43}`));
      expect(mail.html).toContain(`href="${h.publicUrl}/user/confirm/${linkToken(mail, 'confirm')}"`);
    });

    it('mails in pt-BR for a pt-BR user', async () => {
      const { email } = await registerUser(h, { locale: 'pt-BR', fullname: 'João <Silva>' });
      const mail = await h.sink.waitFor(email);
      expect(mail.subject).toBe('Confirme seu e-mail no ServiceDesk');
      expect(mail.text).toContain('Olá João <Silva>,');
      expect(mail.html).toContain('Olá João &lt;Silva&gt;,');
      expect(mail.text).toMatch(/\/user\/confirm\/[A-Za-z0-9_-]{43}/);
    });

    it('takes a user without name or password; label and short name come from the e-mail', async () => {
      const email = newEmail('nopass');
      const user = await h.rpc.call('identity.user.register', { email, accept: true });
      expect(user).toMatchObject({ fullname: null, label: email, short_name: email.split('@')[0], locale: 'en' });
    });

    it('refuses an address list, a display name or an address without @ with is-invalid, creating nobody and mailing nobody', async () => {
      const [a, b, c] = [newEmail('list-a'), newEmail('list-b'), newEmail('list-c')];
      for (const email of [`${a},${b},${c}`, `VictimCEO<${a}>`, `legacy${Date.now()}`]) {
        expect(await failure(h.rpc.call('identity.user.register', { email, fullname: 'Click http://evil.test', accept: true }))).toEqual({
          error: 'unprocessable_entity',
          reason: { email: 'is-invalid' },
          status: 422,
        });
      }
      expect((await failure(h.rpc.call('identity.user.register', { unconfirmed_email: `${a}, ${b}`, accept: true }))).reason).toEqual({ email: 'is-invalid' });
      await new Promise((r) => setTimeout(r, 300));
      for (const x of [a, b, c]) expect(h.sink.to(x)).toHaveLength(0);
      expect((await failure(h.rpc.call('identity.session.login', { username: a, password: 'x' }))).error).toBe('unauthorized');
    });

    it('refuses a blank e-mail, a mismatched password and a missing accept, in one reason map', async () => {
      expect(await failure(h.rpc.call('identity.user.register', { accept: true }))).toEqual({
        error: 'unprocessable_entity',
        reason: { email: 'cant-be-blank' },
        status: 422,
      });
      expect((await failure(h.rpc.call('identity.user.register', { email: newEmail(), password: 'a', password_confirmation: 'b', accept: true }))).reason).toEqual({
        password_confirmation: 'doesnt-match',
      });
      expect((await failure(h.rpc.call('identity.user.register', { email: newEmail() }))).reason).toEqual({ accept: 'must-be-accepted' });
      expect((await failure(h.rpc.call('identity.user.register', { password: 'a', locale: 'xx' }))).reason).toEqual({
        email: 'cant-be-blank',
        password_confirmation: 'doesnt-match',
        accept: 'must-be-accepted',
        locale: 'is-invalid',
      });
    });

    const storedUsers = async (email: string) =>
      (await h.pool.query(`SELECT id FROM identity.documents WHERE klass = 'User' AND NOT deleted AND lower(body ->> 'email') = $1`, [email])).rows.map((r) => r.id as string);

    it('answers a registration of an address already registered, whatever its case, like a new one, with an id never stored', async () => {
      const { user, email, password } = await registerUser(h, { fullname: 'Owner' });
      const fresh = await h.rpc.call('identity.user.register', { email: newEmail('fresh'), fullname: 'Someone Else', password: 'other-pass', password_confirmation: 'other-pass', accept: true, locale: 'pt-BR' });
      const again = await h.rpc.call('identity.user.register', { email: email.toUpperCase(), fullname: 'Someone Else', password: 'other-pass', password_confirmation: 'other-pass', accept: true, locale: 'pt-BR' });

      expect(Object.keys(again).sort()).toEqual(Object.keys(fresh).sort());
      expect(again).toEqual({
        ...fresh,
        _id: expect.stringMatching(/^usr-/),
        _rev: expect.stringMatching(/^1-[0-9a-f]{32}$/),
        name: again._id,
        email,
        label: 'Someone Else',
        gravatar_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
        confirmation_sent_at: expect.any(String),
        created_at: expect.any(String),
        updated_at: again.created_at,
        created_by: again._id,
      });
      expect(again._id).not.toBe(user._id);
      expect(await storedUsers(email)).toEqual([user._id]);
      expect(await failure(h.rpc.call('identity.user.get', { ctx: ctxOf(again._id), name: again._id }))).toMatchObject({ error: 'not_found' });
      // the account is untouched: its password still signs in, the one sent with the second registration does not
      expect((await h.rpc.call('identity.session.login', { username: email, password })).user_id).toBe(user._id);
      expect((await failure(h.rpc.call('identity.session.login', { username: email, password: 'other-pass' }))).error).toBe('unauthorized');
      expect((await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id })).fullname).toBe('Owner');
    });

    it('mails the owner of an address registered again, in their language, with sign-in and reset links and nothing the registration typed', async () => {
      const { user, email } = await registerUser(h, { fullname: 'Dona Maria', locale: 'pt-BR' });
      await h.sink.waitFor(email); // the owner's own confirmation mail
      const seen = h.sink.to(email).length;
      await h.rpc.call('identity.user.register', { email, fullname: 'Visit http://evil.test now', password: 'x-pass', password_confirmation: 'x-pass', accept: true, locale: 'en' });
      const mail = await nextMail(h, email, seen);
      expect(mail.to).toEqual([email]);
      expect(mail.subject).toBe('Alguém tentou criar um perfil no ServiceDesk com seu e-mail');
      expect(mail.text).toContain('Olá Dona Maria,');
      expect(mail.text).toContain(`${h.publicUrl}/user/login`);
      expect(mail.text).toContain(`${h.publicUrl}/user/password/new`);
      expect(mail.text + mail.html).not.toContain('evil.test');
      expect(mail.text).not.toMatch(/\/user\/confirm\//);
      await new Promise((r) => setTimeout(r, 300));
      expect(h.sink.to(email)).toHaveLength(seen + 1);
      void user;
    });

    it('mails the owner of an address registered again at most once an hour, however often it is registered', async () => {
      const { email } = await registerUser(h);
      await h.sink.waitFor(email); // the owner's own confirmation mail
      const seen = h.sink.to(email).length;
      const again = () => h.rpc.call('identity.user.register', { email, password: 'x-pass', password_confirmation: 'x-pass', accept: true });
      expect((await again())._id).toMatch(/^usr-/);
      await nextMail(h, email, seen);
      for (let i = 0; i < 3; i++) expect((await again())._id).toMatch(/^usr-/);
      await new Promise((r) => setTimeout(r, 1000)); // the worker sends within a moment: nothing more came
      expect(h.sink.to(email)).toHaveLength(seen + 1);
    });

    it('hashes the password for an address already registered as for a new one (so the answer takes as long)', async () => {
      const { email } = await registerUser(h);
      // the service runs in this process: its argon2 calls are seen here (the module object itself, not an import's copy)
      const hash = jest.spyOn(jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2'), 'hash');
      try {
        const register = (address: string, password: string) => h.rpc.call('identity.user.register', { email: address, password, password_confirmation: password, accept: true });
        await register(email, 'pw-known-address');
        await register(newEmail('timing'), 'pw-new-address');
        expect(hash.mock.calls.map((c) => String(c[0]))).toEqual(['pw-known-address', 'pw-new-address']);
        // and with the same argon2 settings both times
        expect(hash.mock.calls[0][1]).toEqual(hash.mock.calls[1][1]);
      } finally {
        hash.mockRestore();
      }
    });

    it('of concurrent registrations of one address, one user is stored and every one answers like a new registration', async () => {
      const email = newEmail('race');
      const results = await Promise.all(
        Array.from({ length: 6 }, () => h.rpc.call('identity.user.register', { email, password: 'pw', password_confirmation: 'pw', accept: true })),
      );
      for (const r of results) expect(r).toMatchObject({ klass: 'User', email, _id: expect.stringMatching(/^usr-/) });
      expect(new Set(results.map((r) => r._id)).size).toBe(6);
      const stored = await storedUsers(email);
      expect(stored).toHaveLength(1);
      expect(results.map((r) => r._id)).toContain(stored[0]);
      expect((await h.rpc.call('identity.session.login', { username: email, password: 'pw' })).user_id).toBe(stored[0]);
    });

    it('refuses a malformed request with 400', async () => {
      expect((await failure(h.rpc.call('identity.user.register', 'nope' as never))).error).toBe('bad_request');
    });
  });

  describe('get', () => {
    it('reads the own user, with a fields projection', async () => {
      const { user } = await registerUser(h);
      expect(await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id })).toEqual(user);
      expect(await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id, fields: ['email', 'fullname'] })).toEqual({
        _id: user._id,
        email: user.email,
        fullname: user.fullname,
      });
    });

    it("refuses another user's profile", async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      expect(await failure(h.rpc.call('identity.user.get', { ctx: ctxOf(a.user._id), name: b.user._id }))).toMatchObject({ error: 'forbidden', status: 403 });
      expect((await failure(h.rpc.call('identity.user.get', { ctx: ctxOf(null), name: b.user._id }))).error).toBe('forbidden');
    });
  });

  describe('update', () => {
    const update = (id: string, rev: string | undefined, body: Record<string, unknown>, as = id) =>
      h.rpc.call('identity.user.update', { ctx: ctxOf(as), id, rev, body });

    it('changes fullname and newsletter with the current password; label and short name follow', async () => {
      const { user, password } = await registerUser(h);
      const reply = await update(user._id, user._rev, { fullname: 'Maria Clara', newsletter: true, current_password: password, return_url: '/profile' });
      expect(reply).toMatchObject({ ok: true, id: user._id, doc: { fullname: 'Maria Clara', label: 'Maria Clara', short_name: 'Maria', newsletter: true } });
      expect(reply.rev).toMatch(/^2-/);
      expect(reply.rev).toBe((reply.doc as { _rev: string })._rev);
      expect(JSON.stringify(reply)).not.toMatch(/password_hash|token_hash/);
    });

    it('needs the current password, and the right one', async () => {
      const { user } = await registerUser(h);
      expect(await failure(update(user._id, user._rev, { fullname: 'X' }))).toEqual({
        error: 'unprocessable_entity',
        reason: { current_password: 'cant-be-blank' },
        status: 422,
      });
      expect((await failure(update(user._id, user._rev, { fullname: 'X', current_password: 'wrong' }))).reason).toEqual({ current_password: 'is-invalid' });
    });

    it('needs the current revision', async () => {
      const { user, password } = await registerUser(h);
      expect(await failure(update(user._id, undefined, { fullname: 'X', current_password: password }))).toEqual({
        error: 'conflict',
        reason: 'Record updated by someone else, please refresh',
        status: 409,
      });
      const first = await update(user._id, user._rev, { fullname: 'X', current_password: password });
      expect((await failure(update(user._id, user._rev, { fullname: 'Y', current_password: password }))).error).toBe('conflict');
      expect((await update(user._id, first.rev, { fullname: 'Y', current_password: password })).doc).toMatchObject({ fullname: 'Y' });
    });

    it('only changes the own user', async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      expect(await failure(update(b.user._id, b.user._rev, { fullname: 'X', current_password: b.password }, a.user._id))).toMatchObject({ error: 'forbidden', status: 403 });
    });

    it('refuses unknown fields by name', async () => {
      const { user, password } = await registerUser(h);
      expect(await failure(update(user._id, user._rev, { current_password: password, password_hash: 'x', confirmed_at: 'now' }))).toEqual({
        error: 'bad_request',
        reason: 'Unknown field: password_hash',
        status: 400,
      });
    });

    it('changes the password: confirmation must match, then the new one logs in and a mail says so', async () => {
      const { user, email, password } = await registerUser(h, { fullname: 'Rita' });
      expect((await failure(update(user._id, user._rev, { password: 'new-pass-1', password_confirmation: 'other', current_password: password }))).reason).toEqual({
        password_confirmation: 'doesnt-match',
      });
      await update(user._id, user._rev, { password: 'new-pass-1', password_confirmation: 'new-pass-1', current_password: password });
      const mail = await h.sink.waitFor(email, (m) => m.subject.includes('password was changed'));
      expect(mail.text).toContain('Hello Rita,');
      expect((await failure(h.rpc.call('identity.session.login', { username: email, password }))).error).toBe('unauthorized');
      expect((await h.rpc.call('identity.session.login', { username: email, password: 'new-pass-1' })).user_id).toBe(user._id);
    });

    it('a new e-mail waits in unconfirmed_email until its link is opened', async () => {
      const { user, email, password } = await registerUser(h, { confirm: true });
      const newAddress = newEmail('changed');
      const reply = await update(user._id, (await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id }))._rev, {
        unconfirmed_email: newAddress,
        current_password: password,
      });
      expect(reply.doc).toMatchObject({ email, unconfirmed_email: newAddress });
      const session = await h.rpc.call('identity.session.get', { user_id: user._id });
      expect(session.confirmed).toBe(false);

      const mail = await h.sink.waitFor(newAddress);
      expect(mail.text).toContain(newAddress);
      await h.rpc.call('identity.confirmation.confirm', { token: linkToken(mail, 'confirm') });
      const after = await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id });
      expect(after).toMatchObject({ email: newAddress, unconfirmed_email: null });
      expect(after.confirmed_at).not.toBeNull();
      expect((await h.rpc.call('identity.session.get', { user_id: user._id })).confirmed).toBe(true);
      expect((await h.rpc.call('identity.session.login', { username: newAddress, password })).user_id).toBe(user._id);
      expect((await failure(h.rpc.call('identity.session.login', { username: email, password }))).error).toBe('unauthorized');
    });

    it('refuses a new e-mail that another user has, and an invalid one', async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      expect((await failure(update(a.user._id, a.user._rev, { unconfirmed_email: b.email, current_password: a.password }))).reason).toEqual({
        unconfirmed_email: 'has-already-been-taken',
      });
      for (const unconfirmed_email of ['no-at-sign', `${newEmail('x')},${newEmail('y')}`, `Boss <${newEmail('boss')}>`]) {
        expect((await failure(update(a.user._id, a.user._rev, { unconfirmed_email, current_password: a.password }))).reason).toEqual({
          unconfirmed_email: 'is-invalid',
        });
      }
    });

    it('of two users waiting for the same new address, the first to confirm gets it', async () => {
      const a = await registerUser(h, { confirm: true });
      const b = await registerUser(h, { confirm: true });
      const wanted = newEmail('wanted');
      for (const u of [a, b]) {
        const current = await h.rpc.call('identity.user.get', { ctx: ctxOf(u.user._id), name: u.user._id });
        await update(u.user._id, current._rev, { unconfirmed_email: wanted, current_password: u.password });
      }
      await nextMail(h, wanted, 1); // both links have arrived
      const [first, second] = h.sink.to(wanted).map((m) => linkToken(m, 'confirm'));
      await h.rpc.call('identity.confirmation.confirm', { token: first });
      expect(await failure(h.rpc.call('identity.confirmation.confirm', { token: second }))).toEqual({
        error: 'unprocessable_entity',
        reason: { email: 'has-already-been-taken' },
        status: 422,
      });
    });

    it('cancels a pending e-mail change when the current address is sent back', async () => {
      const { user, email, password } = await registerUser(h);
      const first = await update(user._id, user._rev, { unconfirmed_email: newEmail('pending'), current_password: password });
      const second = await update(user._id, first.rev, { unconfirmed_email: email, current_password: password });
      expect(second.doc).toMatchObject({ email, unconfirmed_email: null });
    });
  });
});
