import type { INestMicroservice } from '@nestjs/common';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix, createMicroservice, DocumentStore, loadConfig } from '@app/platform';
import type { SunkMail } from '@app/platform/mail/testing/smtp-sink';
import { createGroup, eventually, nextMail, PUBLIC_URL, signUp, sleep, Stack, startStack, User } from './harness';

// Scheduled mails (issue 17 item 1) with two copies of the accounts service on one prefix: the harness's and a second
// one started here. The weekly summary's scheduler runs every 2 seconds in both copies (SUMMARY_CRON), so each user's
// summary is asked for many times by both; it must arrive once. The Free-plan limit notice comes from the change
// consumer, which both copies share.

jest.setTimeout(180_000);

let stack: Stack;
let second: INestMicroservice;
let runNow: (at: Date) => Promise<string>;

const SUMMARY = /resumo do ServiceDesk|ServiceDesk summary/;
const LIMIT = /Free plan limit|limite do plano Gratuito/;

beforeAll(async () => {
  stack = await startStack('scheduled-mails', { SUMMARY_SCHEDULE: 'on', SUMMARY_CRON: '*/2 * * * * *' });
  const { AccountsModule } = await import('../../services/accounts/src/accounts.module');
  const { SummaryQueue } = await import('../../services/accounts/src/summaries/summary-queue');
  second = await createMicroservice(AccountsModule, 'accounts');
  const queue = second.get(SummaryQueue);
  runNow = (at) => queue.runNow(at);
});

afterAll(async () => {
  await second?.close();
  await stack?.close();
});

const mailsTo = (user: User, subject: RegExp) => stack.sink.to(user.email).filter((m) => subject.test(m.subject));

/** The unsubscribe address a mail carries, on this stack's gateway (the mail names PUBLIC_URL). */
function unsubscribePath(mail: SunkMail): string {
  const m = /http:\/\/app\.test(\/mail\/unsubscribe\?token=[^\s"<>]+)/.exec(mail.text);
  if (!m) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return m[1];
}

/** The mail's header lines, unfolded. */
function headersOf(mail: SunkMail): string {
  return mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
}

async function setNotifications(user: User, acc: string, sub: string, on: boolean): Promise<void> {
  const current = await user.browser.get(`/${acc}/${sub}`);
  expect(current.status).toBe(200);
  const res = await user.browser.put(`/${acc}/${sub}?rev=${current.body._rev}`, { all_notifications: on });
  expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
}

async function post(user: User, acc: string, doc: Record<string, unknown>): Promise<string> {
  const res = await user.browser.post(`/${acc}`, doc);
  expect({ status: res.status, body: res.status === 201 ? 'created' : res.body }).toEqual({ status: 201, body: 'created' });
  return res.body.id as string;
}

async function finish(user: User, acc: string, id: string, status: 'done' | 'cancel'): Promise<void> {
  expect((await user.browser.put(`/${acc}/_design/ticket-status/_update/doing/${id}`)).status).toBe(200);
  expect((await user.browser.put(`/${acc}/_design/ticket-status/_update/${status}/${id}`)).status).toBe(200);
}

/** Waits until the change log has `n` first revisions of `klass` in the group (events arrive asynchronously). */
async function logged(acc: string, klass: string, n: number): Promise<void> {
  await eventually(
    async () => Number((await stack.pool.query(`SELECT count(*) AS n FROM accounts.change_log WHERE account_id = $1 AND klass = $2 AND rev_num = 1`, [acc, klass])).rows[0].n),
    (found) => found >= n,
    20_000,
  );
}

describe('weekly summary', () => {
  let ana: User; // pt-BR, two groups with notifications on
  let bob: User; // member of Ana's first group, notifications off
  let carl: User; // en, one group with notifications on
  let gil: User; // notifications on in a group where nothing happened in 30 days
  let hal: User; // notifications on and activity, but the address is not confirmed
  let g1: string;
  let g2: string;

  beforeAll(async () => {
    // no job runs while the users are set up: a tick between two of Ana's switches made her summary with one group
    // (CI, once); paused, the queue keeps its ticks' jobs and runs them once everyone is ready
    const config = loadConfig();
    const paused = new Queue('weekly-summaries', { connection: bullConnection(config), prefix: bullPrefix(config) });
    await paused.pause();
    [ana, bob, carl, gil, hal] = await Promise.all([
      signUp(stack, { confirm: true, locale: 'pt-BR' }),
      signUp(stack, { confirm: true }),
      signUp(stack, { confirm: true }),
      signUp(stack, { confirm: true }),
      signUp(stack, { confirm: false }),
    ]);
    const first = await createGroup(ana, 'Oficina Centro');
    const other = await createGroup(ana, 'Loja Norte');
    const carls = await createGroup(carl, 'Carl Repairs');
    g1 = first.id;
    g2 = other.id;

    // Bob joins the first group (notifications stay off: the default)
    const seen = stack.sink.to(bob.email).length;
    const invite = await ana.browser.post(`/${g1}`, { klass: 'Subscription', email: bob.email });
    expect(invite.status).toBe(201);
    await nextMail(stack, bob.email, seen, (m) => m.subject.includes('convidou você'));
    expect((await bob.browser.put(`/${g1}/_design/status/_update/accept/${invite.body.id}`)).status).toBe(200);

    // the first group: 3 tickets (one done), a customer; the second: 2 tickets (one cancelled); Carl's: 1 ticket
    const t1 = await post(ana, g1, { klass: 'Ticket', content: 'Notebook não liga' });
    await post(ana, g1, { klass: 'Ticket', content: 'Tela quebrada' });
    await post(bob, g1, { klass: 'Ticket', content: 'Teclado' });
    await post(ana, g1, { klass: 'Customer', name: 'Joana' });
    await finish(ana, g1, t1, 'done');
    const t4 = await post(ana, g2, { klass: 'Ticket', content: 'Impressora' });
    await post(ana, g2, { klass: 'Ticket', content: 'Monitor' });
    await finish(ana, g2, t4, 'cancel');
    await post(carl, carls.id, { klass: 'Ticket', content: 'Phone battery' });
    await Promise.all([logged(g1, 'Ticket', 3), logged(g1, 'Customer', 1), logged(g2, 'Ticket', 2), logged(carls.id, 'Ticket', 1)]);

    // Gil's group was made 40 days ago as far as the change log knows; Hal's has a ticket but his address is unconfirmed
    const quiet = await createGroup(gil, 'Quiet Corner');
    await logged(quiet.id, 'Subscription', 1);
    await stack.pool.query(`UPDATE accounts.change_log SET received_at = now() - interval '40 days' WHERE account_id = $1`, [quiet.id]);
    const hals = await createGroup(hal, 'Hal Unconfirmed');
    await post(hal, hals.id, { klass: 'Ticket', content: 'Radio' });
    await logged(hals.id, 'Ticket', 1);
    await setNotifications(gil, quiet.id, quiet.subscription_id, true);
    await setNotifications(hal, hals.id, hals.subscription_id, true);

    // only now notifications on: the first tick after the queue resumes lists Ana and Carl
    await setNotifications(ana, g1, first.subscription_id, true);
    await setNotifications(ana, g2, other.subscription_id, true);
    await setNotifications(carl, carls.id, carls.subscription_id, true);
    await paused.resume();
    await paused.close();
  });

  it('each user with notifications on gets exactly one summary though both copies run the scheduler every 2 s, in their language with the figures of the last 30 days', async () => {
    const mail = await stack.sink.waitFor(ana.email, (m) => SUMMARY.test(m.subject), 30_000);
    await stack.sink.waitFor(carl.email, (m) => SUMMARY.test(m.subject), 30_000);
    await sleep(7_000); // three more ticks of each copy's scheduler
    expect(mailsTo(ana, SUMMARY)).toHaveLength(1);
    expect(mailsTo(carl, SUMMARY)).toHaveLength(1);

    expect(mail.subject).toBe('Seu resumo do ServiceDesk dos últimos 30 dias');
    const today = new Date().toISOString().slice(0, 10);
    const [y, m, d] = today.split('-');
    expect(mail.text).toContain(`a ${d}/${m}/${y}.`);
    // the first group: 3 opened, 1 closed; records: 3 tickets, Ana's and Bob's memberships, 1 customer (not the group itself)
    expect(mail.text).toContain(
      `Oficina Centro\n--------------\n  Chamados abertos     3\n  Chamados encerrados  1\n  Registros criados:\n    Chamado  3\n    Membro   2\n    Cliente  1\n  Abrir o painel: ${PUBLIC_URL}/account/${g1}`,
    );
    expect(mail.text).toContain(`Loja Norte\n----------\n  Chamados abertos     2\n  Chamados encerrados  1\n  Registros criados:\n    Chamado  2\n    Membro   1\n`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/account/${g2}"`);
    expect(mail.html).toContain('<strong>3</strong>');

    const carlMail = mailsTo(carl, SUMMARY)[0];
    expect(carlMail.subject).toBe('Your ServiceDesk summary of the last 30 days');
    expect(carlMail.text).toContain('Carl Repairs');
    expect(carlMail.text).not.toContain('Oficina');
  });

  it('no summary for a member whose notifications are off (not even listed), for a user whose groups had nothing in 30 days, nor for an unconfirmed address', async () => {
    // the users' jobs of this week, as the scheduler's ticks made them (kept, with what they did)
    const config = loadConfig();
    const queue = new Queue('weekly-summaries', { connection: bullConnection(config), prefix: bullPrefix(config) });
    const { isoWeek, weeklyJobId } = await import('../../services/accounts/src/summaries/summary.rules');
    const outcome = async (user: User) => (await queue.getJob(weeklyJobId(user.id, isoWeek(new Date()))))?.returnvalue?.outcome as string | undefined;
    try {
      expect(await eventually(() => outcome(gil), (o) => o !== undefined, 20_000)).toBe('quiet');
      expect(await eventually(() => outcome(hal), (o) => o !== undefined, 20_000)).toBe('unconfirmed');
      expect(await outcome(ana)).toBe('sent');
      expect(await queue.getJob(weeklyJobId(bob.id, isoWeek(new Date())))).toBeUndefined();
    } finally {
      await queue.close();
    }
    expect(mailsTo(bob, SUMMARY)).toEqual([]);
    expect(mailsTo(gil, SUMMARY)).toEqual([]);
    expect(mailsTo(hal, SUMMARY)).toEqual([]);
  });

  it('the summary carries a one-click unsubscribe link (headers and text); GET shows a page in the mail\'s language, POST switches notifications off, and the next week\'s run sends Ana nothing', async () => {
    const mail = mailsTo(ana, SUMMARY)[0];
    const path = unsubscribePath(mail);
    expect(path).toMatch(/lang=pt-BR$/);
    const headers = headersOf(mail);
    expect(headers).toContain(`List-Unsubscribe: <${PUBLIC_URL}${path}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const visitor = stack.browser(); // signed out: the link works without a session

    const page = await visitor.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Parar o resumo semanal?');
    expect(page.text).toContain('<button type="submit"');
    // the page asked: nothing changed yet
    const subs = await ana.browser.post(`/${ana.id}/_find`, { selector: { klass: 'Subscription' } });
    expect(subs.body.docs.map((s: { all_notifications: boolean }) => s.all_notifications)).toEqual([true, true]);

    const forged = path.replace(/token=usr-[^.]+/, `token=${bob.id}`);
    const refused = await visitor.get(forged);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('não é válido');
    expect((await visitor.request('POST', forged, { raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' })).status).toBe(400);

    // one-click, as a mail client sends it
    const done = await visitor.request('POST', path, { raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Pronto: você não receberá mais o resumo semanal.');
    const after = await ana.browser.post(`/${ana.id}/_find`, { selector: { klass: 'Subscription' } });
    expect(after.body.docs.map((s: { all_notifications: boolean }) => s.all_notifications)).toEqual([false, false]);
    expect((await visitor.get(path)).text).toContain('Sua inscrição já está cancelada.');

    // next week's run (two of them, as two copies would): Carl gets his second summary, Ana nothing
    const nextWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await Promise.all([runNow(nextWeek), runNow(nextWeek)]);
    await nextMail(stack, carl.email, 1, (m) => SUMMARY.test(m.subject));
    await sleep(3_000);
    expect(mailsTo(carl, SUMMARY)).toHaveLength(2);
    expect(mailsTo(ana, SUMMARY)).toHaveLength(1);
  });
});

describe('Free-plan limit notice', () => {
  // a Free group has one administrator (spec §6): Dora, pt-BR; Eli is a member
  let dora: User;
  let eli: User;
  let acc: string;
  let store: DocumentStore;
  let created: string[] = [];

  /** Customers written straight into the tickets service's store (its outbox carries their events, as the API's do). */
  const add = async (n: number) => {
    const docs = Array.from({ length: n }, (_, i) => ({ name: `Customer ${created.length + i}` }));
    const made = await store.inTransaction((tx) => store.createManyWithin(tx, acc, 'Customer', docs, null));
    created.push(...made.map((d) => d._id));
  };
  const remove = async (n: number) => {
    const ids = created.slice(-n);
    await store.inTransaction((tx) => store.removeManyWithin(tx, acc, ids, null));
    created = created.slice(0, -n);
  };
  const marker = async () =>
    (await stack.pool.query(`SELECT notified, crossings FROM accounts.free_limit_notices WHERE account_id = $1`, [acc])).rows[0] as { notified: boolean; crossings: number } | undefined;
  const records = async () =>
    Number((await stack.pool.query(`SELECT COALESCE(sum(count), 0) AS n FROM accounts.counters WHERE account_id = $1 AND klass IN ('Account', 'Subscription', 'Customer')`, [acc])).rows[0].n);
  const waitRecords = (n: number) => eventually(records, (found) => found === n, 30_000);

  beforeAll(async () => {
    store = new DocumentStore({ pool: stack.pool, schema: 'tickets', service: 'tickets' });
    [dora, eli] = await Promise.all([signUp(stack, { confirm: true, locale: 'pt-BR' }), signUp(stack, { confirm: true })]);
    acc = (await createGroup(dora, 'Dora Fix')).id;
    const seen = stack.sink.to(eli.email).length;
    const invite = await dora.browser.post(`/${acc}`, { klass: 'Subscription', email: eli.email });
    expect(invite.status).toBe(201);
    await nextMail(stack, eli.email, seen, (m) => m.subject.includes('convidou você'));
    expect((await eli.browser.put(`/${acc}/_design/status/_update/accept/${invite.body.id}`)).status).toBe(200);
    await waitRecords(3); // the group and two memberships
  });

  it('no notice below the limit', async () => {
    await add(996); // 999 records
    await waitRecords(999);
    await sleep(1_500);
    expect(mailsTo(dora, LIMIT)).toEqual([]);
    expect((await marker())?.notified ?? false).toBe(false);
  });

  it('reaching 1,000 records sends exactly one notice to the administrator, in her language, with the plans page and an unsubscribe link; none to members', async () => {
    await add(1);
    const notice = await stack.sink.waitFor(dora.email, (m) => LIMIT.test(m.subject), 30_000);
    await add(20); // more records while above: no new notice
    await waitRecords(1020);
    await sleep(3_000);
    expect(mailsTo(dora, LIMIT)).toHaveLength(1);
    expect(mailsTo(eli, LIMIT)).toEqual([]);

    expect(notice.subject).toBe('Dora Fix atingiu o limite do plano Gratuito no ServiceDesk');
    expect(notice.text).toContain('O grupo Dora Fix tem agora 1.000 registros: o plano Gratuito inclui até 1.000.');
    expect(notice.text).toContain(`${PUBLIC_URL}/account/${acc}/billing`);
    expect(notice.html).toContain(`href="${PUBLIC_URL}/account/${acc}/billing"`);
    expect(headersOf(notice)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(unsubscribePath(notice)).toMatch(/token=usr-[^.]+\.free-limit\./);
    expect(await marker()).toEqual({ notified: true, crossings: 1 });
  });

  it('dropping below the limit and reaching it again sends another notice', async () => {
    await remove(25); // 995
    await eventually(marker, (m) => m?.notified === false, 30_000);
    await add(10); // 1005
    await nextMail(stack, dora.email, stack.sink.to(dora.email).indexOf(mailsTo(dora, LIMIT)[0]) + 1, (m) => LIMIT.test(m.subject));
    await sleep(3_000);
    expect(mailsTo(dora, LIMIT)).toHaveLength(2);
    // the ten records may be logged in more than one batch: the notice tells the count its check read
    expect(mailsTo(dora, LIMIT)[1].text).toMatch(/tem agora 1\.00\d registros/);
    expect(await marker()).toEqual({ notified: true, crossings: 2 });
  });

  it("after the notice's unsubscribe link (page, then one-click), a third crossing sends the administrator nothing", async () => {
    const path = unsubscribePath(mailsTo(dora, LIMIT)[1]);
    const page = await stack.browser().get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('atingiu o limite do plano Gratuito?');
    const done = await stack.browser().request('POST', path, { raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('você não receberá mais avisos de limite do plano Gratuito');

    await remove(10); // 995
    await eventually(marker, (m) => m?.notified === false, 30_000);
    await add(10);
    await eventually(marker, (m) => m?.crossings === 3, 30_000);
    await sleep(3_000);
    expect(mailsTo(dora, LIMIT)).toHaveLength(2);
  });

  it('the profile switch (GET/PUT /mail/preferences) shows the notices stopped by the link and turns them back on: the next crossing mails the administrator again', async () => {
    expect((await dora.browser.get('/mail/preferences')).body).toEqual({ free_limit_notices: false });
    expect((await eli.browser.get('/mail/preferences')).body).toEqual({ free_limit_notices: true });
    const on = await dora.browser.put('/mail/preferences', { free_limit_notices: true });
    expect([on.status, on.body]).toEqual([200, { free_limit_notices: true }]);
    expect((await dora.browser.get('/mail/preferences')).body).toEqual({ free_limit_notices: true });

    await remove(10); // 995
    await eventually(marker, (m) => m?.notified === false, 30_000);
    await add(10);
    await nextMail(stack, dora.email, stack.sink.to(dora.email).indexOf(mailsTo(dora, LIMIT)[1]) + 1, (m) => LIMIT.test(m.subject));
    expect(mailsTo(dora, LIMIT)).toHaveLength(3);

    const off = await dora.browser.put('/mail/preferences', { free_limit_notices: false });
    expect([off.status, off.body]).toEqual([200, { free_limit_notices: false }]);
  });

  it('GET/PUT /mail/preferences: 401 without a session, 400 with the reason for a body that is not the preferences', async () => {
    const anonymous = await stack.browser().get('/mail/preferences');
    expect([anonymous.status, anonymous.body.error]).toEqual([401, 'unauthorized']);
    for (const body of [{ free_limit_notices: 'yes' }, {}, [true]]) {
      const bad = await dora.browser.put('/mail/preferences', body);
      expect([bad.status, bad.body.error]).toEqual([400, 'bad_request']);
      expect(bad.body.reason).toMatch(/^preferences/);
    }
    expect((await dora.browser.get('/mail/preferences')).body).toEqual({ free_limit_notices: false });
  });
});

it('lists GET and POST /mail/unsubscribe in the OpenAPI document', async () => {
  const doc = (await stack.browser().get('/api/docs-json')).body;
  expect(Object.keys(doc.paths['/mail/unsubscribe'] ?? {}).sort()).toEqual(['get', 'post']);
});
