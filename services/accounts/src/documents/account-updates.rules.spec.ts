import { ACCOUNTS_DESIGNS } from '@app/proto';
import { accountUpdateOf, servedOnUserDb } from './account-updates.rules';

describe('account update handlers', () => {
  it('names bookmark true/false, status/accept and subscription free/cancel by what they do', () => {
    expect(accountUpdateOf('bookmark', 'true')).toEqual({ update: 'bookmark', bookmark: true });
    expect(accountUpdateOf('bookmark', 'false')).toEqual({ update: 'bookmark', bookmark: false });
    expect(accountUpdateOf('status', 'accept')).toEqual({ update: 'accept' });
    expect(accountUpdateOf('subscription', 'free')).toEqual({ update: 'planSwitch', plan: 'free' });
    expect(accountUpdateOf('subscription', 'cancel')).toEqual({ update: 'planSwitch', plan: 'cancel' });
  });

  it('knows no other handler: other values, other designs, reader status toggles, prototype keys', () => {
    for (const [design, handler] of [
      ['bookmark', 'maybe'],
      ['bookmark', 'TRUE'],
      ['status', 'read'],
      ['subscription', 'pro'],
      ['subscription', 'accept'],
      ['ticket-status', 'open'],
      ['constructor', 'toString'],
      ['bookmark', 'constructor'],
    ]) {
      expect(accountUpdateOf(design, handler)).toBeNull();
    }
  });

  it('every handler the gateway routes to accounts is one of them', () => {
    for (const key of ACCOUNTS_DESIGNS.updates) {
      const [design, handler] = key.split('/');
      expect(accountUpdateOf(design, handler)).not.toBeNull();
    }
  });

  it('serves only bookmark on a user database', () => {
    expect(servedOnUserDb({ update: 'bookmark', bookmark: true })).toBe(true);
    expect(servedOnUserDb({ update: 'accept' })).toBe(false);
    expect(servedOnUserDb({ update: 'planSwitch', plan: 'free' })).toBe(false);
  });
});
