import { ACCOUNTS_DESIGNS, AppError, ServiceName } from '@app/proto';
import { isInvitationAccept, serviceOfDesign, serviceOfId, serviceOfNewDoc, serviceOfSelector } from './doc-router';

function failure(fn: () => unknown): { status: number; error: string; reason: unknown } {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, error: err.error, reason: err.reason };
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('doc-router', () => {
  it('routes by the selector klass, a $eq klass, or an _id prefix', () => {
    expect(serviceOfSelector({ klass: 'UserToken', active: true })).toBe('identity');
    expect(serviceOfSelector({ klass: { $eq: 'UserConfiguration' } })).toBe('identity');
    expect(serviceOfSelector({ _id: 'ucn-123' })).toBe('identity');
  });

  it('asks for a klass when the selector names none', () => {
    expect(failure(() => serviceOfSelector({ active: true }))).toMatchObject({ status: 400, reason: expect.stringContaining('selector.klass') });
    expect(failure(() => serviceOfSelector({ klass: { $in: ['UserToken'] } }))).toMatchObject({ status: 400 });
  });

  it('refuses an unknown klass with 400 and an unknown id prefix with 404', () => {
    expect(failure(() => serviceOfSelector({ klass: 'Nope' }))).toMatchObject({ status: 400, reason: 'unknown klass "Nope" in selector.klass' });
    expect(failure(() => serviceOfNewDoc({ klass: 'constructor' }))).toMatchObject({ status: 400 });
    expect(failure(() => serviceOfId('zzz-1'))).toMatchObject({ status: 404, error: 'not_found' });
    expect(failure(() => serviceOfId('noprefix'))).toMatchObject({ status: 404 });
  });

  it('answers 503 for a klass whose service is not deployed', () => {
    const withoutNotes = new Set<ServiceName>(['identity', 'accounts', 'tickets', 'disk', 'finance', 'reader']);
    expect(failure(() => serviceOfSelector({ klass: 'Handbook' }, withoutNotes))).toMatchObject({ status: 503, error: 'service_unavailable', reason: 'The notes service is not available yet' });
    expect(failure(() => serviceOfId('hbk-1', withoutNotes))).toMatchObject({ status: 503 });
    expect(serviceOfSelector({ klass: 'Handbook' })).toBe('notes');
    expect(serviceOfSelector({ klass: 'ReaderItem' })).toBe('reader');
  });

  it('routes groups, their configuration and memberships to accounts', () => {
    expect(serviceOfSelector({ klass: 'Subscription' })).toBe('accounts');
    expect(serviceOfSelector({ klass: 'AccountConfiguration', key: 'phones' })).toBe('accounts');
    expect(serviceOfId('acc-1')).toBe('accounts');
    expect(serviceOfNewDoc({ klass: 'Subscription', email: 'b@example.com' })).toBe('accounts');
  });

  it('routes a new document by klass or _id prefix', () => {
    expect(serviceOfNewDoc({ klass: 'UserConfiguration', key: 'locale' })).toBe('identity');
    expect(serviceOfNewDoc({ _id: 'utk-1' })).toBe('identity');
    expect(failure(() => serviceOfNewDoc({ key: 'locale' }))).toMatchObject({ status: 400, reason: expect.stringContaining('klass is required') });
  });

  it('routes designs by the table, the more specific key first', () => {
    const table = { status: 'notes' as const, 'status/read': 'reader' as const, bookmark: 'identity' as const, 'status/accept': 'accounts' as const };
    expect(serviceOfDesign('bookmark', 'true', table)).toBe('identity');
    expect(serviceOfDesign('status', 'accept', table)).toBe('accounts');
    const withoutNotesAndReader = new Set<ServiceName>(['identity', 'accounts']);
    expect(failure(() => serviceOfDesign('status', 'close', table, withoutNotesAndReader))).toMatchObject({ status: 503 });
    expect(failure(() => serviceOfDesign('status', 'read', table, withoutNotesAndReader))).toMatchObject({ status: 503 });
    expect(serviceOfDesign('status', 'read', table)).toBe('reader');
    expect(failure(() => serviceOfDesign('nope', 'x', table))).toMatchObject({ status: 404 });
    expect(failure(() => serviceOfDesign('constructor', 'x', table))).toMatchObject({ status: 404 });
  });

  it('sends the accounts designs to accounts (count-by-klass, bookmark, status/accept) and the item toggles status/read|unread|star|unstar to the reader', () => {
    expect(serviceOfDesign('count-by-klass', 'all')).toBe('accounts');
    expect(serviceOfDesign('bookmark', 'true')).toBe('accounts');
    expect(serviceOfDesign('bookmark', 'false')).toBe('accounts');
    expect(serviceOfDesign('status', 'accept')).toBe('accounts');
    for (const toggle of ['read', 'unread', 'star', 'unstar']) expect(serviceOfDesign('status', toggle)).toBe('reader');
    expect(failure(() => serviceOfDesign('status', 'close'))).toMatchObject({ status: 404 });
    expect(isInvitationAccept('status', 'accept')).toBe(true);
    expect(isInvitationAccept('status', 'read')).toBe(false);
    expect(isInvitationAccept('bookmark', 'accept')).toBe(false);
  });

  it("routes only the update handlers accounts has: another bookmark value or plan name is 404 at the gateway", () => {
    expect(serviceOfDesign('subscription', 'free')).toBe('accounts');
    expect(serviceOfDesign('subscription', 'cancel')).toBe('accounts');
    for (const [design, handler] of [
      ['bookmark', 'maybe'],
      ['subscription', 'pro'],
      ['subscription', 'accept'],
    ]) {
      expect(failure(() => serviceOfDesign(design, handler))).toMatchObject({ status: 404 });
    }
  });

  it('covers every design of the accounts contract', () => {
    for (const key of [...ACCOUNTS_DESIGNS.views, ...ACCOUNTS_DESIGNS.updates]) {
      const [design, name] = key.split('/');
      expect([key, serviceOfDesign(design, name)]).toEqual([key, 'accounts']);
    }
  });
});
