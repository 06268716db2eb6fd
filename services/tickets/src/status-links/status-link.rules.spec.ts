import type { Doc } from '@app/proto';
import { STATUS_FORM_TTL_SECONDS, STATUS_LINK_TOKEN } from '@app/proto';
import { shopOf } from '../receipts/receipt-model';
import { qrPath, qrRuns } from './qr';
import { decodeRuns } from '../receipts/testing/pdf-qr';
import {
  answerAfterWrite,
  answerOf,
  checkFormToken,
  cleanNote,
  closedAt,
  expiresAt,
  formToken,
  isExpired,
  linkFingerprint,
  newToken,
  pageLocale,
  pageView,
  statusLinkUrl,
  tokenHash,
} from './status-link.rules';

const doc = (fields: Record<string, unknown>): Doc => ({ _id: 'est-1', _rev: '3-abc', klass: 'Estimate', ...fields }) as Doc;

describe('status link tokens', () => {
  it('are 24 base64url characters of 144 random bits, all different, never derived from anything', () => {
    const tokens = new Set(Array.from({ length: 2000 }, newToken));
    expect(tokens.size).toBe(2000);
    for (const t of tokens) expect(t).toMatch(STATUS_LINK_TOKEN);
    expect(Buffer.from([...tokens][0], 'base64url')).toHaveLength(18);
    // every character position takes many values: no fixed prefix, no counter
    const firsts = new Set([...tokens].map((t) => t[0]));
    expect(firsts.size).toBeGreaterThan(50);
  });

  it('are looked up by their SHA-256, and named in records and logs by a prefix of it', () => {
    const t = newToken();
    expect(tokenHash(t)).toHaveLength(43);
    expect(tokenHash(t)).not.toContain(t);
    expect(linkFingerprint(tokenHash(t))).toBe(tokenHash(t).slice(0, 12));
    expect(statusLinkUrl('http://app.test/', t)).toBe(`http://app.test/s/${t}`);
  });

  it('QR code: an SVG path of the same runs the PDF draws, which a decoder reads back as the address', () => {
    const url = `https://shop.example/s/${newToken()}`;
    const { size, runs } = qrRuns(url);
    expect(decodeRuns(runs)).toBe(url);
    const path = qrPath(url);
    expect(path.size).toBe(size);
    expect(path.path.match(/M/g)).toHaveLength(runs.length);
    expect(path.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
  });

  it('speaks pt-BR for any pt-* and English otherwise', () => {
    expect(pageLocale('pt-BR')).toBe('pt-BR');
    expect(pageLocale('pt')).toBe('pt-BR');
    expect(pageLocale('en')).toBe('en');
    expect(pageLocale('de')).toBe('en');
    expect(pageLocale(undefined)).toBe('en');
  });
});

describe('expiry', () => {
  const ticket = (status: string, events: Array<[string, string]>) =>
    doc({ _id: 'tkt-1', klass: 'Ticket', status, updated_at: '2026-03-01T00:00:00.000Z', status_events: events.map(([s, at]) => ({ status: s, at })) });

  it('starts when the ticket is done or cancelled, from the change that closed it, and not while it is open', () => {
    expect(closedAt(ticket('doing', [['open', '2026-01-01T10:00:00Z'], ['doing', '2026-01-02T10:00:00Z']]))).toBeNull();
    const done = ticket('done', [['open', '2026-01-01T10:00:00Z'], ['done', '2026-01-05T10:00:00Z'], ['doing', '2026-01-06T10:00:00Z'], ['done', '2026-01-09T12:00:00Z']]);
    expect(closedAt(done)).toBe('2026-01-09T12:00:00Z');
    expect(expiresAt(done, 30)).toBe('2026-02-08T12:00:00.000Z');
    expect(isExpired(done, 30, Date.parse('2026-02-08T11:59:59Z'))).toBe(false);
    expect(isExpired(done, 30, Date.parse('2026-02-08T12:00:00Z'))).toBe(true);
    expect(closedAt(ticket('cancel', [['cancel', '2026-01-03T00:00:00Z']]))).toBe('2026-01-03T00:00:00Z');
    // a closed ticket without its event: its last write
    expect(closedAt(ticket('done', []))).toBe('2026-03-01T00:00:00.000Z');
  });

  it('is lifted when the ticket is reopened', () => {
    const reopened = ticket('doing', [['done', '2020-01-01T00:00:00Z'], ['doing', '2020-06-01T00:00:00Z']]);
    expect(isExpired(reopened, 30)).toBe(false);
    expect(expiresAt(reopened, 30)).toBeNull();
  });
});

describe('the answer form token', () => {
  const secret = 'a-test-secret-of-some-length';
  const hash = tokenHash(newToken());
  const estimate = doc({});
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('is good for the page that gave it, for that version of the estimate, for a day', () => {
    const form = formToken(secret, hash, estimate, now);
    expect(form).toMatch(/^[0-9a-z]+\.3\.[A-Za-z0-9_-]{32}$/);
    expect(checkFormToken(secret, hash, estimate, form, now + 1000)).toBe('ok');
    expect(checkFormToken(secret, hash, estimate, form, now + (STATUS_FORM_TTL_SECONDS + 1) * 1000)).toBe('stale');
  });

  it('is refused for another link, another estimate, another secret or when forged; an edited estimate is "changed"', () => {
    const form = formToken(secret, hash, estimate, now);
    expect(checkFormToken(secret, tokenHash(newToken()), estimate, form, now)).toBe('bad');
    expect(checkFormToken(secret, hash, { ...estimate, _id: 'est-2' }, form, now)).toBe('bad');
    expect(checkFormToken('another-secret-entirely', hash, estimate, form, now)).toBe('bad');
    expect(checkFormToken(secret, hash, { ...estimate, _rev: '4-def' }, form, now)).toBe('changed');
    // same revision number, other content (a restored copy): not this page's
    expect(checkFormToken(secret, hash, { ...estimate, _rev: '3-zzz' }, form, now)).toBe('bad');
    for (const junk of ['', 'x', '1.3.', `${form}x`, form.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), '<script>.3.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']) {
      expect(checkFormToken(secret, hash, estimate, junk, now)).not.toBe('ok');
    }
  });
});

describe('the customer answer', () => {
  it('keeps the note readable: trimmed, control characters dropped, blank is none, long is refused', () => {
    expect(cleanNote('  ok\r\nthanks \u0000\u0007 ')).toEqual({ ok: true, note: 'ok\nthanks' });
    expect(cleanNote('   ')).toEqual({ ok: true, note: null });
    expect(cleanNote('é'.repeat(1000))).toEqual({ ok: true, note: 'é'.repeat(1000) });
    expect(cleanNote('x'.repeat(1001))).toEqual({ ok: false });
  });

  it('records the decision, note, time, the link (its fingerprint, not the token) and the address', () => {
    const hash = tokenHash(newToken());
    const a = answerOf('approved', 'go', hash, '203.0.113.9', '2026-05-01T12:00:00.000Z');
    expect(a).toEqual({ decision: 'approved', note: 'go', at: '2026-05-01T12:00:00.000Z', via: 'status-link', link: hash.slice(0, 12), ip: '203.0.113.9' });
  });

  it('stays on the estimate through edits that do not change what was answered, and is set aside by one that does', () => {
    const answer = answerOf('approved', null, 'h', null);
    const prev = doc({ description: 'Screen', items: [{ description: 'Panel', quantity: 1, value: 100 }], observation: null, ticket_id: 'tkt-1', customer_answer: answer, past_answers: [] });
    expect(answerAfterWrite({}, null)).toEqual({ customer_answer: null, past_answers: [] });
    // the same content (and another customer): kept
    expect(answerAfterWrite({ description: 'Screen ', items: [{ description: 'Panel', quantity: 1, value: 100 }], ticket_id: 'tkt-1', customer_id: 'cus-2' }, prev)).toEqual({ customer_answer: answer, past_answers: [] });
    // the web form sends blank text where the estimate holds none: the same
    expect(answerAfterWrite({ description: 'Screen', items: [{ description: 'Panel', quantity: 1, value: 100 }], observation: '', ticket_id: 'tkt-1' }, prev).customer_answer).toBe(answer);
    // a new price: pending again, the old answer kept aside

    expect(answerAfterWrite({ description: 'Screen', items: [{ description: 'Panel', quantity: 1, value: 120 }], ticket_id: 'tkt-1' }, prev)).toEqual({ customer_answer: null, past_answers: [answer] });
    expect(answerAfterWrite({ description: 'Screen and battery', items: prev.items, ticket_id: 'tkt-1' }, prev).customer_answer).toBeNull();
  });
});

describe('the page view', () => {
  it('holds only what the page shows: no people, no comments, no customer, no internal fields', () => {
    const ticket = doc({
      _id: 'tkt-9',
      klass: 'Ticket',
      number: 9,
      title: 'Phone screen',
      content: 'SECRET reported problem',
      problem: 'SECRET found problem',
      status: 'doing',
      technical_id: 'usr-tech',
      customer_name: 'SECRET customer',
      equipment_identifier: 'PH-1',
      equipment_observation: 'SECRET observation',
      created_at: '2026-05-01T12:00:00.000Z',
      status_events: [
        { status: 'open', from: null, user_id: 'usr-tech', user_label: 'SECRET tech', at: '2026-05-01T12:00:00.000Z' },
        { status: 'doing', from: 'open', user_id: 'usr-tech', user_label: 'SECRET tech', at: '2026-05-02T12:00:00.000Z' },
      ],
      customer_events: [{ kind: 'estimate-approved', estimate_id: 'est-1', estimate_number: 1, note: 'x', at: '2026-05-02T12:00:00.000Z' }],
    });
    const equipment = doc({ _id: 'eqp-1', klass: 'Equipment', identifier: 'PH-1', maker: 'Acme', description: 'Phone', location: 'SECRET shelf 4', customer_id: 'cus-1' });
    const estimate = doc({ number: 3, description: 'New screen', observation: 'SECRET observation', customer_name: 'SECRET customer', items: [{ description: 'Screen', quantity: 1, value: 99.5 }], total: 99.5 });
    const view = pageView({
      ticket,
      equipment,
      estimates: [estimate],
      shop: shopOf('Fix-It', [{ key: 'phones', value: JSON.stringify([{ id: '1', number: '+55 11 5555-0000' }]) }]),
      locale: 'en',
      timeZone: 'America/Sao_Paulo',
      daysAfterDone: 30,
      form: () => 'the-form',
    });
    expect(view).toEqual({
      locale: 'en',
      time_zone: 'America/Sao_Paulo',
      shop: { name: 'Fix-It', phones: ['+55 11 5555-0000'], addresses: [] },
      ticket: {
        number: 9,
        title: 'Phone screen',
        equipment: 'PH-1 · Acme · Phone',
        status: 'doing',
        created_at: '2026-05-01T12:00:00.000Z',
        events: [
          { status: 'open', at: '2026-05-01T12:00:00.000Z' },
          { status: 'doing', at: '2026-05-02T12:00:00.000Z' },
        ],
      },
      estimates: [{ number: 3, description: 'New screen', items: [{ description: 'Screen', quantity: '1', unit_value: 'US$\u00a099.50', amount: 'US$\u00a099.50' }], total: 'US$\u00a099.50', answer: null, form: 'the-form' }],
      expires_at: null,
      days_after_done: 30,
    });
    expect(JSON.stringify(view)).not.toMatch(/SECRET|usr-|cus-|tkt-|est-|eqp-/);
  });
});
