import { describe, expect, it } from 'vitest';
import { RECORD_PATHS, recordPath } from './record-path';

describe('recordPath (a timeline row links to its record)', () => {
  it('points a module record at its show page under the group', () => {
    expect(recordPath('acc-1', 'Ticket', 'tkt-9')).toBe('/account/acc-1/tickets/tkt-9');
    expect(recordPath('acc-1', 'Customer', 'cus-2')).toBe('/account/acc-1/customers/cus-2');
    expect(recordPath('acc-1', 'Comment', 'cmt-3')).toBe('/account/acc-1/comments/cmt-3');
    expect(recordPath('acc-1', 'Outgo', 'out-4')).toBe('/account/acc-1/outgos/out-4');
    expect(recordPath('acc-1', 'Wallet', 'wal-5')).toBe('/account/acc-1/wallets/wal-5');
  });

  it('points a membership at the member page and the group and its settings at the admin page', () => {
    expect(recordPath('acc-1', 'Subscription', 'sub-1')).toBe('/account/acc-1/users/sub-1');
    expect(recordPath('acc-1', 'Account', 'acc-1')).toBe('/account/acc-1/admin');
    expect(recordPath('acc-1', 'AccountConfiguration', 'acn-1')).toBe('/account/acc-1/admin');
  });

  it('links the notes and reader records to their remotes', () => {
    expect(recordPath('acc-1', 'Handbook', 'hbk-1')).toBe('/account/acc-1/handbooks/hbk-1');
    expect(recordPath('acc-1', 'Bookmark', 'bkm-1')).toBe('/account/acc-1/bookmarks/bkm-1');
    expect(recordPath('acc-1', 'ReaderSubscription', 'rsb-1')).toBe('/account/acc-1/reader_subscriptions/rsb-1');
  });

  it('gives no path for kinds without a page, unknown kinds or inherited property names', () => {
    expect(recordPath('acc-1', 'TicketChecklist', 'tck-1')).toBeUndefined();
    expect(recordPath('acc-1', 'UserToken', 'utk-1')).toBeUndefined();
    expect(recordPath('acc-1', 'Nope', 'x')).toBeUndefined();
    expect(recordPath('acc-1', 'toString', 'x')).toBeUndefined();
  });

  it('encodes the ids it puts in the path', () => {
    expect(recordPath('acc-1', 'Ticket', 'a/b')).toBe('/account/acc-1/tickets/a%2Fb');
  });

  it('names at most one record id per path', () => {
    for (const path of Object.values(RECORD_PATHS)) expect(path.split(':id').length).toBeLessThanOrEqual(2);
  });
});
