import { parseOpml } from 'feedsmith';
import { categoryLabel, MAX_OPML_OUTLINES, OpmlError, readOpml, writeOpml } from './opml.rules';

const doc = (body: string) => `<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>${body}</body></opml>`;

describe('OPML import', () => {
  it('reads feeds with their folder or category as label, titles from title/text, sites from htmlUrl', () => {
    const read = readOpml(
      doc(`<outline text="Tech"><outline type="rss" text="A" title="A title" xmlUrl="https://a.example/feed" htmlUrl="https://a.example/"/>
             <outline text="Deeper"><outline type="rss" text="B" xmlUrl="https://b.example/rss"/></outline></outline>
           <outline type="rss" text="C" xmlUrl="https://c.example/atom" category="/News/World,Other"/>
           <outline type="rss" text="D" xmlUrl="HTTPS://D.EXAMPLE"/>`),
    );
    expect(read).toEqual({
      entries: [
        { url: 'https://a.example/feed', title: 'A title', website_url: 'https://a.example/', label: 'Tech' },
        { url: 'https://b.example/rss', title: 'B', website_url: null, label: 'Deeper' },
        { url: 'https://c.example/atom', title: 'C', website_url: null, label: 'News/World' },
        { url: 'https://d.example/', title: 'D', website_url: null, label: null },
      ],
      invalid: 0,
    });
  });

  it('counts outlines whose xmlUrl is not an http(s) address as invalid and skips them (an empty one is no feed)', () => {
    const read = readOpml(doc('<outline text="x" xmlUrl="javascript:alert(1)"/><outline text="y" xmlUrl="file:///etc/passwd"/><outline text="z" xmlUrl=""/>'));
    expect(read).toEqual({ entries: [], invalid: 2 });
  });

  it('refuses what is not OPML, a DTD declaring entities, too many outlines and nesting too deep, with a sentence', () => {
    expect(() => readOpml('')).toThrow(new OpmlError('The OPML document is empty'));
    expect(() => readOpml('<rss><channel/></rss>')).toThrow(OpmlError);
    expect(() => readOpml('<opml><body><outline')).toThrow(/The OPML document could not be read/);
    expect(() => readOpml(`<!DOCTYPE opml [<!ENTITY x "y">]>${doc('')}`)).toThrow('The OPML document declares XML entities, which are refused');
    expect(() => readOpml(doc('<outline text="f" xmlUrl="https://x.example/"/>'.repeat(MAX_OPML_OUTLINES + 1)))).toThrow(`The OPML document has more than ${MAX_OPML_OUTLINES} outlines`);
    expect(() => readOpml(doc(`${'<outline text="f">'.repeat(25)}${'</outline>'.repeat(25)}`))).toThrow(/nests outlines more than 20 deep/);
  });

  it('a category names a label without its slashes', () => {
    expect([categoryLabel('/Tech/Linux, News'), categoryLabel('  '), categoryLabel(undefined), categoryLabel('plain')]).toEqual(['Tech/Linux', null, null, 'plain']);
  });
});

describe('OPML export', () => {
  it('writes unlabelled feeds first, then one folder per label, each sorted by title, and reads back the same', () => {
    const xml = writeOpml(
      [
        { title: 'Zeta', url: 'https://z.example/feed', website_url: null, label: null },
        { title: 'Beta & Co', url: 'https://b.example/feed?a=1&b=2', website_url: 'https://b.example/', label: 'Work' },
        { title: 'Alpha', url: 'https://a.example/feed', website_url: null, label: 'Work' },
        { title: 'Gamma', url: 'https://g.example/feed', website_url: null, label: 'Fun' },
      ],
      new Date('2026-03-01T00:00:00Z'),
    );
    const parsed = parseOpml(xml);
    expect(parsed.body?.outlines?.map((o) => [o.text, o.xmlUrl ?? null, (o.outlines ?? []).map((c) => c.text)])).toEqual([
      ['Zeta', 'https://z.example/feed', []],
      ['Fun', null, ['Gamma']],
      ['Work', null, ['Alpha', 'Beta & Co']],
    ]);
    expect(readOpml(xml).entries).toEqual([
      { url: 'https://z.example/feed', title: 'Zeta', website_url: null, label: null },
      { url: 'https://g.example/feed', title: 'Gamma', website_url: null, label: 'Fun' },
      { url: 'https://a.example/feed', title: 'Alpha', website_url: null, label: 'Work' },
      { url: 'https://b.example/feed?a=1&b=2', title: 'Beta & Co', website_url: 'https://b.example/', label: 'Work' },
    ]);
  });
});
