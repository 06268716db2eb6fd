import { CallerContext, Doc } from '@app/proto';
import { addMember, newGroup, newUser, startTickets, TestGroup, TicketsHarness, TestUser } from '../testing/tickets-harness';

// Who did what, as the tickets service stores and answers it: a comment's author and a ticket's status events carry a
// person's label, which every member reads. A member without a full name is labelled by the masked address
// (b…@example.com), never the address itself; labels stored with an address before that are answered masked.
describe('people labels in tickets', () => {
  let h: TicketsHarness;

  beforeAll(async () => {
    h = await startTickets('people_labels');
  });

  afterAll(async () => {
    await h?.close();
  });

  const post = async (ctx: CallerContext, doc: Record<string, unknown>) => (await h.rpc.call('tickets.doc.post', { ctx, doc })).doc as Doc;
  const put = async (ctx: CallerContext, doc: Doc) => (await h.rpc.call('tickets.doc.put', { ctx, id: doc._id, rev: doc._rev, doc })).doc as Doc;
  const get = (ctx: CallerContext, id: string, fields?: string[]) => h.rpc.call('tickets.doc.get', { ctx, id, ...(fields ? { fields } : {}) });
  const find = async (ctx: CallerContext, query: Record<string, unknown>) => (await h.rpc.call('tickets.doc.find', { ctx, query: query as never })).docs;
  const update = async (ctx: CallerContext, design: string, handler: string, id: string, body?: unknown) =>
    (await h.rpc.call('tickets.doc.update', { ctx, design, handler, id, ...(body === undefined ? {} : { body }) })).doc as Doc;
  const stored = async (id: string): Promise<Doc> => (await h.pool.query<{ body: Doc }>('SELECT body FROM tickets.documents WHERE id = $1', [id])).rows[0].body;
  const masked = (u: TestUser) => `${u.email[0]}…@${u.email.split('@')[1]}`;

  /** A group with a member who has no full name (identity's label is then the address) and a plain reader. */
  async function group(): Promise<{ g: TestGroup; writer: { user: TestUser; ctx: CallerContext }; reader: CallerContext }> {
    const g = await newGroup(h);
    const writer = await addMember(h, g, newUser({ fullname: '' }));
    const reader = (await addMember(h, g)).ctx;
    return { g, writer, reader };
  }

  it('a member without a full name comments and moves a ticket: stored and answered labels are the masked address, never the address', async () => {
    const { g, writer, reader } = await group();
    const label = masked(writer.user);
    const created = await post(writer.ctx, { klass: 'Ticket', content: 'Fan noise' });
    const moved = await update(writer.ctx, 'ticket-status', 'doing', created._id);
    const comment = await post(writer.ctx, { klass: 'Comment', ticket_id: created._id, content: 'Ordered a fan' });

    expect(created.status_events).toEqual([expect.objectContaining({ user_id: writer.user.user_id, user_label: label })]);
    expect((moved.status_events as { user_label: string }[]).map((e) => e.user_label)).toEqual([label, label]);
    expect(comment.user).toEqual({ _id: writer.user.user_id, label });

    const storedText = JSON.stringify([await stored(created._id), await stored(comment._id)]);
    expect(storedText).not.toContain(writer.user.email);
    expect(storedText).toContain(label);

    for (const ctx of [reader, g.ctx]) {
      const answered = JSON.stringify([
        await get(ctx, created._id),
        await get(ctx, comment._id),
        await find(ctx, { selector: { klass: 'Ticket' } }),
        await find(ctx, { selector: { klass: 'Comment', ticket_id: created._id } }),
      ]);
      expect(answered).not.toContain(writer.user.email);
      expect(answered).toContain(label);
    }
  });

  it('labels stored with an address before are answered masked: get, find (with fields too), write replies and update handlers', async () => {
    const { writer, reader } = await group();
    const address = writer.user.email;
    const label = masked(writer.user);
    const category = await post(writer.ctx, { klass: 'Category', name: 'Fans', checklist: 'Clean the fan' });
    const ticket = await post(writer.ctx, { klass: 'Ticket', content: 'Old ticket', category_id: category._id });
    const comment = await post(writer.ctx, { klass: 'Comment', ticket_id: ticket._id, content: 'Old comment' });
    // as the service stored them before: the session's label, the address
    await h.pool.query(`UPDATE tickets.documents SET body = jsonb_set(body, '{status_events,0,user_label}', to_jsonb($2::text)) WHERE id = $1`, [ticket._id, address]);
    await h.pool.query(`UPDATE tickets.documents SET body = jsonb_set(body, '{user,label}', to_jsonb($2::text)) WHERE id = $1`, [comment._id, address]);
    expect(JSON.stringify([await stored(ticket._id), await stored(comment._id)])).toContain(address);

    const gotTicket = (await get(reader, ticket._id)) as Doc;
    const gotComment = (await get(reader, comment._id)) as Doc;
    expect(gotTicket.status_events).toEqual([expect.objectContaining({ user_label: label })]);
    expect(gotComment.user).toEqual({ _id: writer.user.user_id, label });
    const answers = [
      gotTicket,
      gotComment,
      await get(reader, comment._id, ['user']),
      await get(reader, ticket._id, ['status_events']),
      await find(reader, { selector: { klass: 'Ticket' } }),
      await find(reader, { selector: { klass: 'Comment' }, fields: ['_id', 'user.label'] }),
      await find(reader, { selector: { ticket_id: ticket._id } }),
      await put(reader, gotComment),
      await update(reader, 'ticket-checklist', 'toggle', ticket._id, { index: 0, checked: true }),
      await update(reader, 'ticket-status', 'open', ticket._id),
      await update(reader, 'ticket-status', 'done', ticket._id),
      await put(reader, (await get(reader, ticket._id)) as Doc),
    ];
    const text = JSON.stringify(answers);
    expect(text).not.toContain(address);
    expect(text).toContain(label);
  });

  it('a find selecting or sorting on a stored address answers the same as for an address nobody has', async () => {
    const { writer, reader } = await group();
    const address = writer.user.email;
    const ticket = await post(writer.ctx, { klass: 'Ticket', content: 'Probe' });
    const comment = await post(writer.ctx, { klass: 'Comment', ticket_id: ticket._id, content: 'Probe' });
    await h.pool.query(`UPDATE tickets.documents SET body = jsonb_set(body, '{status_events,0,user_label}', to_jsonb($2::text)) WHERE id = $1`, [ticket._id, address]);
    await h.pool.query(`UPDATE tickets.documents SET body = jsonb_set(body, '{user,label}', to_jsonb($2::text)) WHERE id = $1`, [comment._id, address]);

    const probes = (a: string) => [
      { selector: { klass: 'Comment', 'user.label': a } },
      { selector: { klass: 'Comment', user: { label: { $regex: `^${a.split('@')[0]}` } } } },
      { selector: { klass: 'Comment', user: { $eq: { _id: writer.user.user_id, label: a } } } },
      { selector: { klass: 'Ticket', status_events: { $elemMatch: { user_label: a } } } },
      { selector: { klass: 'Ticket', 'status_events.0.user_label': a } },
      { selector: { klass: 'Ticket', $not: { 'status_events.0.user_label': a } } },
    ];
    const ids = async (query: Record<string, unknown>) => (await find(reader, { limit: 1000, ...query })).map((d) => d._id).sort();
    const nobody = `nobody-${Date.now()}@example.com`;
    for (const [i, probe] of probes(address).entries()) {
      expect({ probe, found: await ids(probe) }).toEqual({ probe, found: await ids(probes(nobody)[i]) });
    }
    // a find that names no label still finds the old records, masked
    expect(await ids({ selector: { klass: 'Comment', ticket_id: ticket._id } })).toEqual([comment._id]);
    // sorted by label, only what is shown unchanged: the order cannot tell the stored address
    const named = await post(reader, { klass: 'Comment', ticket_id: ticket._id, content: 'Named' });
    expect(await ids({ selector: { klass: 'Comment' }, sort: [{ 'user.label': 'asc' }] })).toEqual([named._id]);
    expect(await ids({ selector: { klass: 'Ticket' }, sort: [{ 'status_events.0.user_label': 'desc' }] })).toEqual([]);
  });
});
