import { Browser, eventually, HttpResult, linkToken, newEmail, nextMail, PASSWORD, signUp, Stack, startStack } from './harness';

// What a group's plain member learns over HTTP of another member's e-mail address through the tickets module: a
// ticket's status history and a comment carry their author's label, and an author without a full name must show as
// the masked address (b…@example.com) on every route that answers them, records stored with the address included.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('ticket_labels');
});
afterAll(async () => {
  await stack?.close();
});

interface Person {
  id: string;
  email: string;
  browser: Browser;
}

/** Registers without a full name (identity's label is then the address), confirms the address and signs in. */
async function registerNameless(): Promise<Person> {
  const email = newEmail('nameless');
  const browser = stack.browser();
  const reg = await browser.post('/_users', { email, password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en' });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const mail = await nextMail(stack, email, 0, (m) => m.text.includes('/user/confirm/'));
  ok(await browser.post(`/_users/_confirm/${encodeURIComponent(linkToken(mail, 'confirm'))}`));
  ok(await browser.post('/_session', { username: email, password: PASSWORD }));
  return { id: reg.body._id, email, browser };
}

const ok = (res: HttpResult): HttpResult => {
  if (res.status >= 400) throw new Error(`${res.status} ${res.text}`);
  return res;
};

async function join(admin: Person, acc: string, member: Person): Promise<void> {
  const sub = ok(await admin.browser.post(`/${acc}`, { klass: 'Subscription', email: member.email })).body.id;
  ok(await member.browser.put(`/${acc}/_design/status/_update/accept/${sub}`));
}

/** The address's first character, an ellipsis and the domain. */
const masked = (email: string) => `${email[0]}…@${email.split('@')[1]}`;

describe('a plain member reading tickets and comments of a member without a full name', () => {
  let admin: Person;
  let writer: Person;
  let reader: Person;
  let acc: string;
  let ticketId: string;
  let commentId: string;

  beforeAll(async () => {
    admin = await signUp(stack, { confirm: true });
    writer = await registerNameless();
    reader = await signUp(stack, { confirm: true });
    acc = ok(await admin.browser.post('/accounts', { name: 'Label Shop' })).body.id;
    await join(admin, acc, writer);
    await join(admin, acc, reader);
    ticketId = ok(await writer.browser.post(`/${acc}`, { klass: 'Ticket', content: 'Fan noise\nloud' })).body.id;
    ok(await writer.browser.put(`/${acc}/_design/ticket-status/_update/doing/${ticketId}`));
    commentId = ok(await writer.browser.post(`/${acc}`, { klass: 'Comment', ticket_id: ticketId, content: 'Ordered a fan' })).body.id;
    // the change feed is filled asynchronously: wait until it holds the comment
    await eventually(
      () => reader.browser.get(`/${acc}/_changes?include_docs=true`),
      (res) => res.status === 200 && res.body.results.some((r: { id: string }) => r.id === commentId),
    );
  });

  /** Every answer of the tickets module the reader gets about the ticket and its comment, as one text. */
  async function everythingSeenBy(p: Person): Promise<string> {
    const b = p.browser;
    const answers = [
      await b.post(`/${acc}/_find`, { selector: { klass: 'Ticket' } }),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Comment', ticket_id: ticketId } }),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Comment' }, fields: ['_id', 'user'] }),
      await b.get(`/${acc}/${ticketId}`),
      await b.get(`/${acc}/${commentId}`),
      await b.get(`/${acc}/_changes?include_docs=true`),
      await b.get(`/${acc}/_design/ticket-board/_view/all`),
    ];
    for (const res of answers) expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: expect.any(String) });
    return answers.map((r) => r.text).join('\n');
  }

  /** Nothing of the address but its masked form: neither the address, nor its local part past the first character. */
  function expectOnlyMasked(text: string, email: string): void {
    expect(text).not.toContain(email);
    expect(text).not.toContain(email.slice(1, email.indexOf('@')));
    expect(text).toContain(masked(email));
  }

  it("finds, documents, the change feed and the board show the author's label as the masked address only", async () => {
    expectOnlyMasked(await everythingSeenBy(reader), writer.email);
    const comment = (await reader.browser.get(`/${acc}/${commentId}`)).body;
    expect(comment.user).toEqual({ _id: writer.id, label: masked(writer.email) });
    const ticket = (await reader.browser.get(`/${acc}/${ticketId}`)).body;
    expect(ticket.status_events.map((e: { user_label: string }) => e.user_label)).toEqual([masked(writer.email), masked(writer.email)]);
  });

  it('labels stored with the address before are answered masked, to the reader and in the write replies', async () => {
    const oldTicket = ok(await writer.browser.post(`/${acc}`, { klass: 'Ticket', content: 'Old ticket' })).body.id;
    const oldComment = ok(await writer.browser.post(`/${acc}`, { klass: 'Comment', ticket_id: oldTicket, content: 'Old comment' })).body.id;
    // as the service stored them before: the session's label, the address
    await stack.pool.query(`UPDATE tickets.documents SET body = jsonb_set(body, '{status_events,0,user_label}', to_jsonb($2::text)) WHERE id = $1`, [oldTicket, writer.email]);
    await stack.pool.query(`UPDATE tickets.documents SET body = jsonb_set(body, '{user,label}', to_jsonb($2::text)) WHERE id = $1`, [oldComment, writer.email]);

    const seen = await everythingSeenBy(reader);
    const b = reader.browser;
    const comment = ok(await b.get(`/${acc}/${oldComment}`)).body;
    const writes = [
      await b.put(`/${acc}/${oldComment}?rev=${comment._rev}`, { ...comment, content: 'Old comment, edited' }),
      await b.put(`/${acc}/_design/ticket-status/_update/review/${oldTicket}`),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Comment', 'user.label': writer.email } }),
      await b.post(`/${acc}/_find`, { selector: { klass: 'Ticket', status_events: { $elemMatch: { user_label: writer.email } } } }),
    ];
    for (const res of writes) expect({ status: res.status }).toEqual({ status: 200 });
    expectOnlyMasked([seen, ...writes.map((r) => r.text)].join('\n'), writer.email);
    expect(comment.user).toEqual({ _id: writer.id, label: masked(writer.email) });
    // a find by the stored address tells nothing: it finds what it finds for an address nobody has, i.e. nothing
    expect(writes[2].body.docs).toEqual([]);
    expect(writes[3].body.docs).toEqual([]);
  });
});
