import { BookmarkFields, Doc } from '@app/proto';
import { storedBytes } from '../handbooks/handbook.rules';
import { applyOutcome } from './bookmark-fetcher';
import { BookmarkPolicy } from './bookmark.policy';
import type { BookmarksRepository } from './bookmarks.repository';

// A bookmark needs no byte check of its own (docs/decisions.md, "Batches of 1,000 and sizes in bytes"): every field a
// client or a fetched page gives it is bounded in characters. This is its largest document, made of the characters
// that take the most bytes once stored (a 3-byte character in a URL is 9 bytes percent-encoded; a control character
// 6 bytes as JSON).
describe('the largest bookmark', () => {
  it('stays far under what one bus message carries (1 MiB), fields filled to their limits with the widest characters', () => {
    const widest = (n: number) => '\u0001'.repeat(n);
    const fields = BookmarkFields.parse({
      url: `https://example.com/${'日'.repeat(2048 - 20)}`,
      tag_names: Array.from({ length: 40 }, (_, i) => `${i}${widest(80)}`),
      title: widest(500),
      description: widest(4000),
    });
    const ctx = { user_id: 'usr-1', db: 'acc-1', locale: 'en' } as never;
    const policy = new BookmarkPolicy({} as BookmarksRepository);
    const stored = { _id: 'bmk-00000000000000000000', _rev: '1-00000000000000000000000000000000', klass: 'Bookmark', created_at: '', updated_at: '', created_by: 'usr-1', ...policy.beforeWrite(ctx, 'create', { ...fields, klass: 'Bookmark' }, null) } as Doc;
    const fetched = applyOutcome(stored, { ok: true, meta: { title: widest(500), description: widest(4000), image: `https://example.com/${'a'.repeat(2000)}` } });
    const bytes = storedBytes(policy.present(fetched as Doc));
    expect(bytes).toBeLessThan(100 * 1024);
  });
});
