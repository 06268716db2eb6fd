import { feedLinks, looksLikeHtml } from './discovery.rules';

describe('feed discovery', () => {
  it('lists the feeds a page names in its head, absolute, in order, without repeats', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/style.css">
      <link rel="alternate" type="application/rss+xml" title="RSS" href="/feed.xml">
      <LINK REL="Alternate" TYPE="application/atom+xml" HREF="atom.xml?a=1&amp;b=2">
      <link rel="alternate" type="text/html" hreflang="pt" href="/pt/">
      <link rel="alternate" type="application/feed+json" href="https://cdn.example.org/feed.json">
      <link rel="alternate" type="application/rss+xml" href="/feed.xml">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
      </head><body><link rel="alternate" type="application/rss+xml" href="/in-body.xml"></body></html>`;
    expect(feedLinks(html, 'https://blog.example.com/posts/')).toEqual([
      'https://blog.example.com/feed.xml',
      'https://blog.example.com/posts/atom.xml?a=1&b=2',
      'https://cdn.example.org/feed.json',
    ]);
  });

  it('honours <base href> and finds nothing in a page without feeds', () => {
    expect(feedLinks('<head><base href="https://other.example/x/"><link rel="alternate" type="application/rss+xml" href="f.rss"></head>', 'https://a.example/')).toEqual(['https://other.example/x/f.rss']);
    expect(feedLinks('<html><head><title>none</title></head><body>hi</body></html>', 'https://a.example/')).toEqual([]);
  });

  it('tells a page from a feed by its type, else by how it starts', () => {
    expect(looksLikeHtml('text/html; charset=utf-8', '<rss>')).toBe(true);
    expect(looksLikeHtml('application/rss+xml', '<html>')).toBe(false);
    expect(looksLikeHtml('text/plain', '\uFEFF  <!DOCTYPE html><html>')).toBe(true);
    expect(looksLikeHtml(undefined, '<?xml version="1.0"?><rss>')).toBe(false);
  });
});
