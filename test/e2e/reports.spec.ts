import { createGroup, eventually, nextMail, signUp, Stack, startStack, User } from './harness';

// The group's reports over HTTP (GET /{account_id}/_design/reports/_view/tickets and tickets-csv) on a known data set:
// nine tickets with technicians, categories and customers, some done or cancelled, their creation and status
// changes moved to known days of January 2026 in the tickets' table (the API has no way to write past dates).

let stack: Stack;
let owner: User;
let tech: User;
let viewer: User;
let acc: string;

const REPORT = '_design/reports/_view/tickets?from=2026-01-05&to=2026-01-25';

/** Moves a ticket's creation (column and body) and its first and last status change to the given instants. */
async function backdate(id: string, created: string, finished?: string): Promise<void> {
  const { rows } = await stack.pool.query<{ body: Record<string, unknown> }>(`SELECT body FROM tickets.documents WHERE account_id = $1 AND id = $2`, [acc, id]);
  const body = rows[0].body;
  const events = body.status_events as Array<{ at: string }>;
  events[0].at = created;
  if (finished) events[events.length - 1].at = finished;
  const res = await stack.pool.query(`UPDATE tickets.documents SET created_at = $3, body = $4::jsonb WHERE account_id = $1 AND id = $2`, [
    acc,
    id,
    created,
    JSON.stringify({ ...body, created_at: created, status_events: events }),
  ]);
  if (res.rowCount !== 1) throw new Error(`no ticket ${id}`);
}

async function join(member: User, flags: Record<string, boolean> = {}): Promise<void> {
  const seen = stack.sink.to(member.email).length;
  const invite = await owner.browser.post(`/${acc}`, { klass: 'Subscription', email: member.email, ...flags });
  expect(invite.status).toBe(201);
  await nextMail(stack, member.email, seen, (m) => m.subject.includes('invited you'));
  expect((await member.browser.put(`/${acc}/_design/status/_update/accept/${invite.body.id}`)).status).toBe(200);
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack('reports');
  [owner, tech, viewer] = await Promise.all([signUp(stack, { confirm: true }), signUp(stack, { confirm: true }), signUp(stack, { confirm: true, locale: 'pt-BR' })]);
  acc = (await createGroup(owner, 'Oficina Relatórios')).id;
  await join(tech);
  await join(viewer, { report_view: true });

  const post = async (doc: Record<string, unknown>) => {
    const res = await owner.browser.post(`/${acc}`, doc);
    expect({ status: res.status, body: res.status === 201 ? 'created' : res.body }).toEqual({ status: 201, body: 'created' });
    return res.body.id as string;
  };
  ids.laptops = await post({ klass: 'Category', name: 'Laptops' });
  ids.phones = await post({ klass: 'Category', name: 'Phones' });
  for (const name of ['Ana', 'Bruno', 'Carla', 'Dario']) ids[name] = await post({ klass: 'Customer', name });

  // [name, created, technician, category, customer, final status, finished]
  const data: Array<[string, string, User | null, string | null, string | null, 'open' | 'done' | 'cancel', string?]> = [
    ['T1', '2026-01-05T10:00:00.000Z', owner, 'laptops', 'Ana', 'done', '2026-01-06T10:00:00.000Z'], // 24 h, week 2
    ['T2', '2026-01-06T08:00:00.000Z', tech, 'laptops', 'Ana', 'done', '2026-01-13T08:00:00.000Z'], // 168 h, done week 3
    ['T3', '2026-01-07T12:00:00.000Z', tech, 'phones', 'Bruno', 'open'],
    ['T4', '2026-01-12T09:00:00.000Z', owner, 'phones', 'Carla', 'done', '2026-01-12T21:00:00.000Z'], // 12 h, week 3
    ['T5', '2026-01-14T00:00:00.000Z', null, null, null, 'cancel', '2026-01-15T00:00:00.000Z'], // cancelled week 3
    ['T6', '2026-01-20T10:00:00.000Z', tech, 'laptops', 'Dario', 'done', '2026-01-21T10:00:00.000Z'], // 24 h, week 4
    ['T7', '2025-12-20T10:00:00.000Z', owner, 'phones', 'Bruno', 'done', '2026-01-19T10:00:00.000Z'], // opened before, 720 h, week 4
    ['T8', '2026-01-21T10:00:00.000Z', tech, 'laptops', null, 'done', '2026-02-02T10:00:00.000Z'], // done after the range
    ['T9', '2026-01-26T10:00:00.000Z', owner, 'laptops', 'Ana', 'open'], // after the range
  ];
  for (const [name, created, who, category, customer, status, finished] of data) {
    const id = await post({
      klass: 'Ticket',
      content: `Ticket ${name}`,
      ...(who ? { technical_id: who.id } : {}),
      ...(category ? { category_id: ids[category] } : {}),
      ...(customer ? { customer_id: ids[customer] } : {}),
    });
    if (status !== 'open') {
      // through doing first: the report takes the last change to the ticket's status
      expect((await owner.browser.put(`/${acc}/_design/ticket-status/_update/doing/${id}`)).status).toBe(200);
      expect((await owner.browser.put(`/${acc}/_design/ticket-status/_update/${status}/${id}`)).status).toBe(200);
    }
    await backdate(id, created, finished);
    ids[name] = id;
  }
});

afterAll(async () => {
  await stack?.close();
});

it('an administrator reads the exact figures per ISO week, the time to done, per technician, category and customer (top 2 and others) and the counts per kind', async () => {
  // the record counters are kept by the accounts service from the change stream: wait until they hold every record
  const countOf = (r: { body: { rows?: Array<{ value: { counts: Array<{ klass: string; count: number }> } }> } }, klass: string) =>
    r.body.rows?.[0]?.value.counts.find((c) => c.klass === klass)?.count;
  const res = await eventually(
    () => owner.browser.get(`/${acc}/${REPORT}&top=2`),
    (r) => r.status !== 200 || (countOf(r, 'Ticket') === 9 && countOf(r, 'Customer') === 4 && countOf(r, 'Category') === 2),
  );
  expect(res.status).toBe(200);
  expect(res.body.rows[0].value.counts).toEqual(
    expect.arrayContaining([
      { klass: 'Ticket', count: 9 },
      { klass: 'Customer', count: 4 },
      { klass: 'Category', count: 2 },
    ]),
  );
  expect(res.body.rows).toHaveLength(1);
  expect(res.body.rows[0].key).toBe('tickets');
  const report = res.body.rows[0].value;
  expect(report).toMatchObject({ from: '2026-01-05', to: '2026-01-25', tz: 'UTC' });
  expect(report.weeks).toEqual([
    { week: '2026-W02', start: '2026-01-05', opened: 3, done: 1, cancelled: 0 },
    { week: '2026-W03', start: '2026-01-12', opened: 2, done: 2, cancelled: 1 },
    { week: '2026-W04', start: '2026-01-19', opened: 2, done: 2, cancelled: 0 },
  ]);
  expect(report.totals).toEqual({ opened: 7, done: 5, cancelled: 1 });
  // done in the range: 12, 24, 24, 168, 720 hours
  expect(report.time_to_done).toEqual({ count: 5, median_hours: 24, p90_hours: 499.2, average_hours: 189.6 });
  expect(report.technicians).toEqual([
    { kind: 'item', key: tech.id, label: 'E2E User', opened: 4, done: 2, median_hours: 96 },
    { kind: 'item', key: owner.id, label: 'E2E User', opened: 2, done: 3, median_hours: 24 },
    { kind: 'none', key: null, label: null, opened: 1, done: 0, median_hours: null },
  ]);
  expect(report.categories).toEqual([
    { kind: 'item', key: ids.laptops, label: 'Laptops', opened: 4, done: 3, median_hours: 24 },
    { kind: 'item', key: ids.phones, label: 'Phones', opened: 2, done: 2, median_hours: 366 },
    { kind: 'none', key: null, label: null, opened: 1, done: 0, median_hours: null },
  ]);
  expect(report.customers).toEqual([
    { kind: 'item', key: ids.Ana, label: 'Ana', opened: 2, done: 2, median_hours: 96 },
    { kind: 'item', key: ids.Bruno, label: 'Bruno', opened: 1, done: 1, median_hours: 720 },
    { kind: 'others', key: null, label: null, opened: 2, done: 2, median_hours: 18 },
    { kind: 'none', key: null, label: null, opened: 2, done: 0, median_hours: null },
  ]);
});

it('days and weeks are those of the time zone asked for: T5, opened 2026-01-14 00:00 UTC and cancelled 2026-01-15 00:00 UTC, is both on the 13th and 14th in São Paulo', async () => {
  const day = (tz: string) => owner.browser.get(`/${acc}/_design/reports/_view/tickets?from=2026-01-14&to=2026-01-14&tz=${tz}`);
  const utc = (await day('UTC')).body.rows[0].value;
  const saoPaulo = (await day('America/Sao_Paulo')).body.rows[0].value;
  expect(utc).toMatchObject({ tz: 'UTC', totals: { opened: 1, done: 0, cancelled: 0 } });
  expect(saoPaulo).toMatchObject({ tz: 'America/Sao_Paulo', totals: { opened: 0, done: 0, cancelled: 1 } });
  expect(saoPaulo.weeks).toEqual([{ week: '2026-W03', start: '2026-01-12', opened: 0, done: 0, cancelled: 1 }]);
});

it('the CSV has a byte order mark, one section per table, RFC 4180 lines and the same figures, in the caller’s language', async () => {
  const res = await owner.browser.get(`/${acc}/_design/reports/_view/tickets-csv?from=2026-01-05&to=2026-01-25&top=2`);
  expect(res.status).toBe(200);
  const [csv, filename] = res.body.rows;
  expect(filename).toEqual({ key: 'filename', value: 'tickets-report-2026-01-05-2026-01-25.csv' });
  expect(csv.key).toBe('csv');
  const text: string = csv.value;
  expect(text.startsWith('\uFEFFTicket report,\r\n')).toBe(true);
  const sections = text.slice(1).trimEnd().split('\r\n\r\n');
  expect(sections.slice(1, 7)).toEqual([
    ['Week,Week start,Opened,Done,Cancelled', '2026-W02,2026-01-05,3,1,0', '2026-W03,2026-01-12,2,2,1', '2026-W04,2026-01-19,2,2,0', 'Total,,7,5,1'].join('\r\n'),
    ['Time to done (hours),Tickets done,Median,90th percentile,Average', ',5,24,499.2,189.6'].join('\r\n'),
    ['Technician,Opened,Done,Median hours to done', 'E2E User,4,2,96', 'E2E User,2,3,24', '(none),1,0,'].join('\r\n'),
    ['Category,Opened,Done,Median hours to done', 'Laptops,4,3,24', 'Phones,2,2,366', '(none),1,0,'].join('\r\n'),
    ['Customer,Opened,Done,Median hours to done', 'Ana,2,2,96', 'Bruno,1,1,720', '(others),2,2,18', '(none),2,0,'].join('\r\n'),
    expect.stringMatching(/^Record kind,Count\r\n(.*\r\n)*Ticket,9(\r\n|$)/),
  ]);
  expect(sections[0]).toBe(['Ticket report,', 'From,2026-01-05', 'To,2026-01-25', 'Time zone,UTC'].join('\r\n'));

  // the report_view member signed up in Portuguese
  const pt = await viewer.browser.get(`/${acc}/_design/reports/_view/tickets-csv?from=2026-01-05&to=2026-01-25`);
  expect(pt.status).toBe(200);
  expect(pt.body.rows[0].value.split('\r\n').slice(0, 6)).toEqual(['\uFEFFRelatório de chamados,', 'De,2026-01-05', 'Até,2026-01-25', 'Fuso horário,UTC', '', 'Semana,Início da semana,Abertos,Concluídos,Cancelados']);
});

it('a member with report_view reads the report (200); a plain member and a stranger are refused with 403 and a reason', async () => {
  const seen = await viewer.browser.get(`/${acc}/${REPORT}`);
  expect(seen.status).toBe(200);
  expect(seen.body.rows[0].value.totals).toEqual({ opened: 7, done: 5, cancelled: 1 });
  for (const view of ['tickets', 'tickets-csv']) {
    expect(await tech.browser.get(`/${acc}/_design/reports/_view/${view}`)).toMatchObject({
      status: 403,
      body: { error: 'forbidden', reason: 'Reports are for administrators and members with report access' },
    });
  }
  const stranger = await signUp(stack, { confirm: true });
  expect(await stranger.browser.get(`/${acc}/${REPORT}`)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
});

it('refuses bad parameters with 400 or 422 and a reason', async () => {
  const get = (query: string) => owner.browser.get(`/${acc}/_design/reports/_view/tickets?${query}`);
  expect(await get('from=2026-02-30&to=2026-03-01')).toMatchObject({ status: 400, body: { error: 'bad_request', reason: 'from must be a date written YYYY-MM-DD' } });
  expect(await get('from=2026-01-01&to=01/02/2026')).toMatchObject({ status: 400, body: { reason: 'to must be a date written YYYY-MM-DD' } });
  expect(await get('from=2026-03-02&to=2026-03-01')).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: 'from must not be after to' } });
  expect(await get('from=2023-01-01&to=2026-01-01')).toMatchObject({ status: 422, body: { reason: 'A report covers at most 731 days' } });
  expect(await get('tz=Nowhere/Else')).toMatchObject({ status: 400, body: { reason: 'tz must be a time zone name such as America/Sao_Paulo' } });
  expect(await get('top=0')).toMatchObject({ status: 400, body: { reason: 'top must be a whole number from 1 to 50' } });
  expect(await owner.browser.get(`/${acc}/_design/reports/_view/nothing`)).toMatchObject({ status: 404 });
});

it('without dates the report covers the last 12 ISO weeks up to today', async () => {
  const res = await owner.browser.get(`/${acc}/_design/reports/_view/tickets`);
  expect(res.status).toBe(200);
  const report = res.body.rows[0].value;
  expect(report.to).toBe(new Date().toISOString().slice(0, 10));
  expect(report.weeks).toHaveLength(12);
  expect(report.weeks[0].start).toBe(report.from);
});
