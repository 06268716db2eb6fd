import { addDateToIso, parseNetscape, serializeNetscape } from './netscape.rules';

// What Chrome 13x writes (folders nested under the bookmarks bar, ADD_DATE in seconds)
const CHROME = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000500" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
    <DL><p>
        <DT><A HREF="https://example.com/manual" ADD_DATE="1700000100" ICON="data:image/png;base64,AAAA">Manual &amp; guide</A>
        <DT><H3 ADD_DATE="1700000200" LAST_MODIFIED="1700000300">Fornecedores de Peças</H3>
        <DL><p>
            <DT><A HREF="https://pecas.example/catalogo" ADD_DATE="1700000250">Catálogo</A>
            <DT><H3>Motores</H3>
            <DL><p>
                <DT><A HREF="https://motor.example/" ADD_DATE="1700000260">Motor   shop</A>
            </DL><p>
        </DL><p>
        <DT><A HREF="javascript:alert(1)" ADD_DATE="1700000270">bookmarklet</A>
    </DL><p>
    <DT><H3 ADD_DATE="1700000400">Other bookmarks</H3>
    <DL><p>
        <DT><A HREF="http://old.example/x">http://old.example/x</A>
    </DL><p>
</DL><p>
`;

// What Firefox writes: the menu root, the toolbar and "Other Bookmarks" flagged, descriptions in <DD>, place: queries
const FIREFOX = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks Menu</H1>
<DL><p>
    <DT><A HREF="place:parent=menu________&sort=8" ADD_DATE="1700000000">Recent</A>
    <DT><A HREF="https://docs.example/a" ADD_DATE="1700000010" LAST_MODIFIED="1700000011" TAGS="Docs,Reference Manual">Docs A</A>
    <DD>How to open the case
    <DT><H3 ADD_DATE="1700000020" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
    <DL><p>
        <DT><A HREF="https://toolbar.example/">Toolbar link</A>
    </DL><p>
    <DT><H3 ADD_DATE="1700000030" UNFILED_BOOKMARKS_FOLDER="true">Other Bookmarks</H3>
    <DL><p>
        <DT><A HREF="https://unfiled.example/" ADD_DATE="1700000040">Unfiled</A>
    </DL><p>
</DL>
`;

describe('parseNetscape', () => {
  it('reads a Chrome export: folder path as tags (the bar aside), titles decoded and squashed, ADD_DATE, non-web links counted invalid', () => {
    const { bookmarks, invalid } = parseNetscape(CHROME);
    expect(invalid).toBe(1);
    expect(bookmarks).toEqual([
      { url: 'https://example.com/manual', title: 'Manual & guide', description: null, tags: [], added_at: '2023-11-14T22:15:00.000Z', modified_at: null },
      { url: 'https://pecas.example/catalogo', title: 'Catálogo', description: null, tags: ['fornecedores-de-peças'], added_at: '2023-11-14T22:17:30.000Z', modified_at: null },
      { url: 'https://motor.example/', title: 'Motor shop', description: null, tags: ['fornecedores-de-peças', 'motores'], added_at: '2023-11-14T22:17:40.000Z', modified_at: null },
      { url: 'http://old.example/x', title: null, description: null, tags: ['other-bookmarks'], added_at: null, modified_at: null },
    ]);
  });

  it('reads a Firefox export: TAGS and <DD> descriptions, the toolbar and unfiled roots give no tag, place: is invalid', () => {
    const { bookmarks, invalid } = parseNetscape(FIREFOX);
    expect(invalid).toBe(1);
    expect(bookmarks.map((b) => [b.url, b.tags, b.description])).toEqual([
      ['https://docs.example/a', ['docs', 'reference-manual'], 'How to open the case'],
      ['https://toolbar.example/', [], null],
      ['https://unfiled.example/', [], null],
    ]);
    expect(bookmarks[0].modified_at).toBe('2023-11-14T22:13:31.000Z');
  });

  it('gives a <DD> to the entry just before it: a skipped bookmarklet keeps its own, a folder’s is nobody’s (issue 26 #10)', () => {
    const { bookmarks, invalid } = parseNetscape(`<DL><p>
    <DT><A HREF="https://first.example/" ADD_DATE="1700000000">First</A>
    <DD>About the first
    <DT><A HREF="https://second.example/">Second</A>
    <DT><A HREF="javascript:(function(){alert(1)})()">Share this page</A>
    <DD>Bookmarklet: shares the page you are on
    <DT><H3>Parts</H3>
    <DD>Suppliers of parts
    <DL><p>
        <DT><A HREF="https://third.example/">Third</A>
        <DD>About the third
    </DL><p>
</DL>`);
    expect(invalid).toBe(1);
    expect(bookmarks.map((b) => [b.url, b.description])).toEqual([
      ['https://first.example/', 'About the first'],
      ['https://second.example/', null],
      ['https://third.example/', 'About the third'],
    ]);
  });

  it('reads LAST_MODIFIED as Shaarli writes it (seconds), and none as null', () => {
    const { bookmarks } = parseNetscape('<DL><p><DT><A HREF="https://s.example/" ADD_DATE="1600000000" LAST_MODIFIED="1650000000" PRIVATE="0" TAGS="a">S</A>\n<DT><A HREF="https://t.example/">T</A></DL>');
    expect(bookmarks.map((b) => [b.added_at, b.modified_at])).toEqual([
      ['2020-09-13T12:26:40.000Z', '2022-04-15T05:20:00.000Z'],
      [null, null],
    ]);
  });

  it('reads nothing from what is no bookmarks file', () => {
    expect(parseNetscape('<html><body><p>hello <a href="x">y</a></body></html>')).toEqual({ bookmarks: [], invalid: 1 });
    expect(parseNetscape('')).toEqual({ bookmarks: [], invalid: 0 });
  });
});

describe('serializeNetscape', () => {
  it('round-trips urls, titles, descriptions (several lines), tags and add dates, escaping what needs it', () => {
    const original = [
      { url: 'https://example.com/a?x=1&y="2"', title: 'A <b>bold</b> & "quoted" title', description: 'line one\nline two & <more>', tags: ['docs', 'troca-de-óleo'], added_at: '2024-05-01T10:00:00.000Z', modified_at: '2024-06-01T08:00:00.000Z' },
      { url: 'https://example.com/b', title: null, description: null, tags: [], added_at: null, modified_at: null },
    ];
    const html = serializeNetscape(original);
    expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    expect(html).toContain('<DT><A HREF="https://example.com/a?x=1&amp;y=&quot;2&quot;" ADD_DATE="1714557600" LAST_MODIFIED="1717228800" TAGS="docs,troca-de-óleo">A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title</A>');
    expect(parseNetscape(html)).toEqual({ bookmarks: original, invalid: 0 });
  });
});

describe('addDateToIso', () => {
  it('reads seconds, milliseconds and microseconds, and refuses what is no date', () => {
    expect(addDateToIso('1700000000')).toBe('2023-11-14T22:13:20.000Z');
    expect(addDateToIso('1700000000123')).toBe('2023-11-14T22:13:20.000Z');
    expect(addDateToIso('1700000000123456')).toBe('2023-11-14T22:13:20.000Z');
    expect(addDateToIso('0')).toBeNull();
    expect(addDateToIso('abc')).toBeNull();
    expect(addDateToIso(undefined)).toBeNull();
  });
});
