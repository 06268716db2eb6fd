import type { ChangeEvent, Doc } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { eventually } from '@app/platform/testing/eventually';
import { newGroup, startTickets, TestGroup, TicketsHarness } from '../testing/tickets-harness';
import { fieldsOf } from '../common/fields';
import { TICKETS_SCHEMA } from '../tickets.schema';
import { CopiedNames } from './copied-names';

// The rewrite of copied names as the change events drive it, over the running service: run again it changes nothing,
// and an event handled late writes the newest name. (copied-names-crash.spec.ts: a kill -9 in the middle.)
describe('copied names', () => {
  let h: TicketsHarness;
  let copies: CopiedNames;
  let store: DocumentStore;

  beforeAll(async () => {
    h = await startTickets('copied_names');
    store = new DocumentStore({ pool: h.pool, schema: TICKETS_SCHEMA, service: 'tickets' });
    copies = new CopiedNames(store);
  });

  afterAll(async () => {
    await h?.close();
  });

  const post = async (g: TestGroup, doc: Record<string, unknown>) => (await h.rpc.call('tickets.doc.post', { ctx: g.ctx, doc })).doc as Doc;
  const put = async (g: TestGroup, doc: Doc) => (await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: doc._id, rev: doc._rev, doc })).doc as Doc;
  const get = (g: TestGroup, id: string) => h.rpc.call('tickets.doc.get', { ctx: g.ctx, id });
  const eventOf = (g: TestGroup, d: Doc): ChangeEvent => ({ account_id: g.id, id: d._id, klass: d.klass, rev: d._rev, deleted: false, label: null, updated_at: d.updated_at, size: 1 });
  const noWork = { touch: () => undefined };

  async function customerWithCopies(g: TestGroup) {
    const customer = await post(g, { klass: 'Customer', name: 'Ana' });
    const records = [
      await post(g, { klass: 'Ticket', content: 'One', customer_id: customer._id }),
      await post(g, { klass: 'Ticket', content: 'Two', customer_id: customer._id }),
      await post(g, { klass: 'Equipment', identifier: 'E-1', customer_id: customer._id }),
      await post(g, { klass: 'Contract', customer_id: customer._id }),
      await post(g, { klass: 'Estimate', customer_id: customer._id, items: [] }),
    ];
    return { customer, records };
  }

  const copiesOf = (g: TestGroup, records: Doc[]) => Promise.all(records.map((r) => get(g, r._id)));

  it('a rewrite run again for a rename already done changes nothing: no record gets a new revision', async () => {
    const g = await newGroup(h);
    const { customer, records } = await customerWithCopies(g);
    const renamed = await put(g, { ...customer, name: 'Ana Lima' });
    const done = await eventually(() => copiesOf(g, records), (docs) => docs.every((d) => d.customer_name === 'Ana Lima'));

    expect(await copies.refresh(g.id, customer._id)).toBe(0);
    await copies.handle(eventOf(g, renamed), noWork); // the same event delivered again
    expect((await copiesOf(g, records)).map((d) => d._rev)).toEqual(done.map((d) => d._rev));
  });

  it("an earlier rename's event handled after a later rename writes the later name", async () => {
    const g = await newGroup(h);
    const { customer, records } = await customerWithCopies(g);
    const first = await put(g, { ...customer, name: 'Ana B' });
    await put(g, { ...first, name: 'Ana C' });
    // the running service settles on 'Ana C'; then the copies are put back to 'Ana B', as if only the first rename's
    // rewrite had run (the service reacts to renames only, not to these writes)
    for (const d of await eventually(() => copiesOf(g, records), (docs) => docs.every((d) => d.customer_name === 'Ana C'))) {
      await store.update(g.id, d._id, d._rev, { ...fieldsOf(d), customer_name: 'Ana B' }, null);
    }

    await copies.handle(eventOf(g, first), noWork); // 'Ana B''s event, late
    const docs = await copiesOf(g, records);
    expect(docs.map((d) => d.customer_name)).toEqual(records.map(() => 'Ana C'));
    expect(docs[0].search).toContain('ana c');
  });

  it('a walk overtaken by a later rename never writes its older name: it reads the source again before each write', async () => {
    const g = await newGroup(h);
    const { customer, records } = await customerWithCopies(g);
    const first = await put(g, { ...customer, name: 'Ana B' });
    const second = await put(g, { ...first, name: 'Ana C' });
    await eventually(() => copiesOf(g, records), (docs) => docs.every((d) => d.customer_name === 'Ana C'));
    await put(g, { ...second, name: 'Ana D' });
    // a copy of the service that read the source as 'Ana B' just before the later renames: its first read is stale
    const written: unknown[] = [];
    let stale = true;
    const overtaken = Object.create(store) as DocumentStore;
    overtaken.get = async (db, id, opts) => {
      if (id === customer._id && stale) {
        stale = false;
        return first;
      }
      return store.get(db, id, opts);
    };
    overtaken.update = async (db, id, rev, doc, actor, opts) => {
      written.push(doc.customer_name);
      return store.update(db, id, rev, doc, actor, opts);
    };

    await new CopiedNames(overtaken).refresh(g.id, customer._id);
    expect(written).not.toContain('Ana B');
    expect((await copiesOf(g, records)).map((d) => d.customer_name)).toEqual(records.map(() => 'Ana D'));
  });
});
