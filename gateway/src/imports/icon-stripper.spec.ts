import { IconStripper, stripIcons } from './icon-stripper';

const CHROME_ENTRY = (i: number) =>
  `        <DT><A HREF="https://site${i}.example/" ADD_DATE="1700000${String(i).padStart(3, '0')}" ICON="data:image/png;base64,${'iVBORw0KGgo'.repeat(40 + (i % 7))}=">Site ${i} “ção”</A>\n`;
const FIREFOX_ENTRY = (i: number) =>
  `    <DT><A HREF="https://ff${i}.example/" ADD_DATE="1700000000" LAST_MODIFIED="1700000001" ICON_URI="https://ff${i}.example/favicon.ico" ICON="data:image/x-icon;base64,AAAB${'AAAA'.repeat(30)}" TAGS="a,b">FF ${i}</A>\n    <DD>About ${i}\n`;
const FILE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${Array.from({ length: 30 }, (_, i) => (i % 2 ? CHROME_ENTRY(i) : FIREFOX_ENTRY(i))).join('')}</DL><p>\n`;
const WITHOUT = FILE.replace(/\s(?:ICON|ICON_URI)="[^"]*"/g, '');

describe('IconStripper', () => {
  it('drops every ICON and ICON_URI attribute with its value, and nothing else', () => {
    const out = stripIcons(FILE);
    expect(out).toBe(WITHOUT);
    expect(out).not.toMatch(/ICON|base64|favicon/);
    expect(out).toContain('<DT><A HREF="https://site1.example/" ADD_DATE="1700000001">Site 1 “ção”</A>');
    expect(out).toContain('<DT><A HREF="https://ff0.example/" ADD_DATE="1700000000" LAST_MODIFIED="1700000001" TAGS="a,b">FF 0</A>');
    expect(FILE.length / out.length).toBeGreaterThan(3);
  });

  it('gives the same text whatever the chunks (an attribute or its value cut anywhere)', () => {
    for (const size of [1, 2, 3, 5, 7, 13, 16, 17, 64, 333, 4096]) {
      const s = new IconStripper();
      let out = '';
      for (let i = 0; i < FILE.length; i += size) out += s.push(FILE.slice(i, i + size));
      out += s.end();
      expect([size, out === WITHOUT]).toEqual([size, true]);
    }
  });

  it('takes single quotes and spaces around =, and drops a value never closed', () => {
    expect(stripIcons(`<A HREF="x" ICON = 'data:a"b'>t</A>`)).toBe('<A HREF="x">t</A>');
    expect(stripIcons('<A HREF="x" ICON="data:never closed')).toBe('<A HREF="x"');
    expect(stripIcons('<A HREF="x" TITLE_ICON="keep">t</A>')).toBe('<A HREF="x" TITLE_ICON="keep">t</A>');
  });
});
