import { describe, expect, it } from 'vitest';
import { countLinks, withoutIcons } from './bookmark-file';

describe('a bookmarks file before it is sent', () => {
  it('drops the ICON and ICON_URI attributes and keeps the rest', () => {
    const html =
      '<DL><p>\n<DT><A HREF="https://a.example/" ADD_DATE="1" ICON="data:image/png;base64,AAAA">A</A>\n' +
      "<DT><A HREF=\"https://b.example/\" ICON_URI='https://b.example/favicon.ico' LAST_MODIFIED=\"2\">B</A>\n</DL>";
    expect(withoutIcons(html)).toBe('<DL><p>\n<DT><A HREF="https://a.example/" ADD_DATE="1">A</A>\n<DT><A HREF="https://b.example/" LAST_MODIFIED="2">B</A>\n</DL>');
    expect(countLinks(html)).toBe(2);
  });
});
