import { describe, expect, it } from 'vitest';
import * as proto from '@app/proto';
import { readerEn } from '../i18n/en';
import { readerPtBR } from '../i18n/pt-BR';
import * as contract from './contract';

describe("the reader contract's constants written out for the bundle", () => {
  it("equal proto's", () => {
    expect([contract.PAGE_SIZE, contract.FLASH_MS, contract.MARK_READ_ON_OPEN_KEY, contract.FEED_URL_MAX, contract.OPML_MAX_BYTES]).toEqual([
      proto.READER_PAGE_SIZE,
      proto.READER_HIGHLIGHT_FLASH_MS,
      proto.READER_MARK_READ_ON_OPEN_KEY,
      proto.MAX_FEED_URL,
      proto.READER_OPML_MAX_BYTES,
    ]);
    expect([contract.MESSAGES, contract.READS, contract.STARS, contract.ITEM_LIST_FIELDS]).toEqual([proto.READER_MESSAGES, proto.READ_FILTERS, proto.STAR_FILTERS, proto.READER_ITEM_LIST_FIELDS]);
    expect([contract.STATUS_DESIGN, contract.STATUS, contract.DESIGN, contract.UPDATES, contract.VIEWS]).toEqual([
      proto.READER_STATUS_DESIGN,
      proto.READER_STATUS_UPDATES,
      proto.READER_DESIGN,
      proto.READER_UPDATES,
      proto.READER_VIEWS,
    ]);
    expect(contract.opmlTooLarge(contract.OPML_MAX_BYTES)).toBe(proto.READER_REASONS.opmlTooLarge(proto.READER_OPML_MAX_BYTES));
  });

  it("builds the feed's selector as proto's readerItemSelector for every filter, subscription and label", () => {
    for (const read of proto.READ_FILTERS)
      for (const star of proto.STAR_FILTERS)
        for (const [sub, label] of [[undefined, undefined], ['rsb-1', null], [null, 'rlb-1'], ['rsb-1', 'rlb-1']] as const)
          expect(contract.itemSelector(read, star, sub, label)).toEqual(proto.readerItemSelector(read, star, sub, label));
    expect(contract.itemSelector('unread', 'all')).toEqual({ klass: 'ReaderItem', read: false });
    expect(contract.itemSelector('read', 'starred', 'rsb-1')).toEqual({ klass: 'ReaderItem', read: true, starred: true, reader_subscription_id: 'rsb-1' });
  });

  it('opens the feed on unread items, starred or not (spec §2 defaults)', () => {
    expect([contract.DEFAULT_READ, contract.DEFAULT_STAR]).toEqual(['unread', 'all']);
  });

  it('has an en and a pt-BR text for every field error and refusal the reader service answers', () => {
    const key = (reason: string) => reason.replace(/['’.,]/g, '').replace(/\s+/g, '-');
    for (const message of Object.values(proto.READER_MESSAGES)) {
      expect(readerEn.validation, message).toHaveProperty([message]);
      expect(readerPtBR.validation, message).toHaveProperty([message]);
    }
    for (const reason of [proto.READER_REASONS.itemsReadOnly, proto.READER_REASONS.opmlTooLarge(proto.READER_OPML_MAX_BYTES)]) {
      expect(readerEn.errors.reason, reason).toHaveProperty([key(reason)]);
      expect(readerPtBR.errors.reason, reason).toHaveProperty([key(reason)]);
    }
  });
});
