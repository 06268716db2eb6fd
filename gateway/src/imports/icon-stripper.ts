// The icons of a Netscape bookmarks file dropped while it streams: browsers write each bookmark's favicon as a data:
// URL in an ICON attribute (Chrome; Firefox also ICON_URI), most of an export's bytes (10,000 bookmarks: 20–40 MB of
// icons, 2 MB of bookmarks). The notes service keeps no icon, so they never need to be held. Linear in the text: an
// attribute's value cut by a chunk's end is skipped in the next chunks without being kept.

/** ` ICON="` or ` ICON_URI='`: an icon attribute's start, up to its opening quote */
const ICON_ATTRIBUTE = /\s(?:ICON|ICON_URI)\s*=\s*(["'])/gi;
/** characters at a chunk's end kept for the next one: an attribute's start may be cut there (` ICON_URI = '` fits) */
const KEPT = 16;

export class IconStripper {
  /** the quote that closes the icon value being skipped, when a chunk ended inside one */
  private inValue: string | null = null;
  /** the end of the last chunk, not yet given out (see KEPT) */
  private tail = '';

  /** The text of `chunk` without icons, as far as it can be told yet (the rest comes with the next chunk or end()). */
  push(chunk: string): string {
    let text = chunk;
    if (this.inValue) {
      const close = text.indexOf(this.inValue);
      if (close < 0) return '';
      text = text.slice(close + 1);
      this.inValue = null;
    }
    text = this.tail + text;
    this.tail = '';
    let out = '';
    let from = 0;
    ICON_ATTRIBUTE.lastIndex = 0;
    for (let m = ICON_ATTRIBUTE.exec(text); m; m = ICON_ATTRIBUTE.exec(text)) {
      out += text.slice(from, m.index);
      const close = text.indexOf(m[1], ICON_ATTRIBUTE.lastIndex);
      if (close < 0) {
        this.inValue = m[1];
        return out;
      }
      from = close + 1;
      ICON_ATTRIBUTE.lastIndex = from;
    }
    const keep = Math.max(from, text.length - KEPT);
    this.tail = text.slice(keep);
    return out + text.slice(from, keep);
  }

  /** What is left at the end of the file (an icon value never closed is dropped). */
  end(): string {
    const rest = this.inValue ? '' : this.tail;
    this.inValue = null;
    this.tail = '';
    return rest;
  }
}

/** A whole text without its icons (tests, small files). */
export function stripIcons(text: string): string {
  const s = new IconStripper();
  return s.push(text) + s.end();
}
