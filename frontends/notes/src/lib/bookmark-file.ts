// A browser's bookmarks file before it is sent: its icons dropped (Chrome writes each bookmark's favicon as a data: URL
// in ICON, Firefox also ICON_URI: most of an export's bytes, and the service keeps no icon), and its bookmarks counted.
// The gateway drops them again for any other client.

const ICON_ATTRIBUTE = /\s(?:ICON|ICON_URI)\s*=\s*(?:"[^"]*"|'[^']*')/gi;

export function withoutIcons(html: string): string {
  return html.replace(ICON_ATTRIBUTE, '');
}

/** The links of the file (bookmarks, and bookmarklets the import counts as invalid). */
export function countLinks(html: string): number {
  return html.match(/<A\s/gi)?.length ?? 0;
}
