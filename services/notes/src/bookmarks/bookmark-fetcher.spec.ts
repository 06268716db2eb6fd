import type { Doc } from '@app/proto';
import { allowPrivateUrls, applyOutcome } from './bookmark-fetcher';

const bookmark = (over: Record<string, unknown> = {}) =>
  ({ _id: 'bkm-1', _rev: '1-a', klass: 'Bookmark', created_at: '', updated_at: '', created_by: null, url: 'https://x.example/', title: null, description: null, page_title: null, page_description: null, ...over }) as Doc;
const meta = { title: 'Page title', description: 'Page text', image: 'https://x.example/i.png' };

describe('applyOutcome', () => {
  it('fills an empty title and description from the page and records what the page said', () => {
    expect(applyOutcome(bookmark(), { ok: true, meta })).toMatchObject({ title: 'Page title', description: 'Page text', page_title: 'Page title', page_description: 'Page text', image_url: meta.image, fetch_status: 'done', fetch_error: null, label: 'Page title' });
  });

  it('follows the page for a title still equal to what it said before, keeps one the person wrote', () => {
    expect(applyOutcome(bookmark({ title: 'Old', page_title: 'Old' }), { ok: true, meta }).title).toBe('Page title');
    expect(applyOutcome(bookmark({ title: 'Mine', page_title: 'Old', description: 'My note', page_description: 'Old text' }), { ok: true, meta })).toMatchObject({ title: 'Mine', description: 'My note' });
  });

  it('a failure keeps the bookmark’s text and records the error', () => {
    expect(applyOutcome(bookmark({ title: 'Mine' }), { ok: false, error: 'timeout' })).toMatchObject({ title: 'Mine', fetch_status: 'failed', fetch_error: 'timeout' });
  });
});

describe('allowPrivateUrls', () => {
  it('is on only for NOTES_ALLOW_PRIVATE_URLS=1', () => {
    expect(allowPrivateUrls({ NOTES_ALLOW_PRIVATE_URLS: '1' })).toBe(true);
    expect(allowPrivateUrls({ NOTES_ALLOW_PRIVATE_URLS: 'true' })).toBe(false);
    expect(allowPrivateUrls({})).toBe(false);
  });
});
